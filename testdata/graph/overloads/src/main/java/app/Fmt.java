package app;

/** One helper per overload, so that a change shows which overload a call reaches. */
public class Fmt {
    static String ints(int x) {
        return "i" + x;
    }

    static String longs(long x) {
        return "l" + x;
    }

    static String doubles(double x) {
        return "d" + x;
    }

    static String objects(Object o) {
        return "o" + o;
    }

    static String strings(String s) {
        return "s" + s;
    }

    static boolean arrays(double[] a, double[] b) {
        return a.length == b.length;
    }

    static boolean models(Model a, Model b) {
        return a.size() == b.size();
    }
}
