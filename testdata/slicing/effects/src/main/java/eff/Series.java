package eff;

/** Static helpers reached through a nested class, and flags read as they were initialized. */
public final class Series {
    /** Never assigned after its initializer: reading it reads nothing that changes. */
    private static boolean verbose = false;
    /** Assigned by setTracing: reading it reads shared state. */
    private static boolean tracing = false;

    private Series() {
    }

    public static void setTracing(boolean on) {
        tracing = on;
    }

    /** Series.Terms.first(x): a call of the nested class's method. */
    public static double sum(double x) {
        double s = Series.Terms.first(x);
        if (verbose) {
            s = -s;
        }
        return s;
    }

    /** …whose counted sibling writes a static. */
    public static double countedSum(double x) {
        return Series.Terms.counted(x);
    }

    public static boolean traced() {
        return tracing;
    }

    static final class Terms {
        static int made;

        private Terms() {
        }

        static double first(double x) {
            return x * 2;
        }

        static double counted(double x) {
            made++;
            return x;
        }
    }
}
