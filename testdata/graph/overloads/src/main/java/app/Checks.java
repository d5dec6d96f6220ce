package app;

public class Checks {
    public static boolean close(double[] a, double[] b, double tol) {
        return Fmt.arrays(a, b);
    }

    public static boolean close(Model a, Model b, double tol) {
        return Fmt.models(a, b);
    }

    public static String show(int x) {
        return Fmt.ints(x);
    }

    public static String show(long x) {
        return Fmt.longs(x);
    }

    public static String show(double x) {
        return Fmt.doubles(x);
    }

    public static String show(Object o) {
        return Fmt.objects(o);
    }

    public static String show(String s) {
        return Fmt.strings(s);
    }
}
