package disp;

/** A class the tests subclass anonymously: once trivially, once with a counting method. */
public class Gate {
    public boolean open() {
        return true;
    }

    public boolean close() {
        return false;
    }

    /** Every override of open only returns a value. */
    public static boolean check(Gate g) {
        return g.open();
    }

    /** A test's override of close counts. */
    public static boolean shut(Gate g) {
        return g.close();
    }
}
