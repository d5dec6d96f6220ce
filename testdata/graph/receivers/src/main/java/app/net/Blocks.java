package app.net;

/** One name declared in disjoint blocks with different types. */
public class Blocks {
    /** Each use is typed by the declaration of its own block. */
    public static int blocks(boolean big, Cell c, Sheep s) {
        if (big) {
            Cell x = c;
            return x.copy().position();
        }
        Sheep x = s;
        return x.weight();
    }

    /** An anonymous class redeclares x inside the outer x's scope: x stays unknown. */
    public static int shadowed(Cell c, Sheep s) {
        Cell x = c;
        Runnable r = new Runnable() {
            @Override
            public void run() {
                Sheep x = s;
                x.weight();
            }
        };
        r.run();
        return x.copy().position();
    }
}
