package app.net;

/** An unrelated copy() and position(): no Cell element reaches them. */
public class Sheep {
    public Sheep copy() {
        return new Sheep();
    }

    public int position() {
        return 7;
    }

    public int weight() {
        return 40;
    }
}
