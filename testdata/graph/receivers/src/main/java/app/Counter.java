package app;

public class Counter {
    private int count;

    public void increment(int by) {
        count += by;
    }

    public int count() {
        return count;
    }

    /** super.increment inside the anonymous class is Counter's own method. */
    public static Counter startingAtThree() {
        return new Counter() {
            {
                super.increment(3);
            }
        };
    }
}
