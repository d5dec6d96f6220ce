package cov;

/** An enum switch: javac puts its table in a synthetic class Modes$1 initialized on first use. */
public class Modes {
    public enum Mode { FAST, SLOW }

    public static int first(int x) {
        return x + 1;
    }

    public static int later(int x) {
        return x + 2;
    }

    /** A second switch, above cost's: the table's line table starts here. No test runs it. */
    public static String label(Mode m) {
        switch (m) {
            case FAST:
                return "fast";
            default:
                return "slow";
        }
    }

    public static int cost(Mode m) {
        switch (m) {
            case FAST:
                return 1;
            default:
                return 10;
        }
    }

    /** Run while JUnit 3 builds its test objects (OldStyleTest's field initializers). */
    public static int built(int x) {
        return x * 3;
    }

    public static int based(int x) {
        return x * 4;
    }
}
