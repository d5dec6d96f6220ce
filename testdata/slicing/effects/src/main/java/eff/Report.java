package eff;

/** Helpers that print what they compare. */
public final class Report {
    private Report() {
    }

    /** Printing writes the standard output (reading System.out, and printing its arguments). */
    public static boolean near(String name, double x, double y) {
        boolean near = Math.abs(x - y) < 1e-9;
        if (!near) {
            System.out.printf("%s: %s != %s%n", name, x, y);
        }
        return near;
    }

    /** …as println does: the builder it prints is not changed. */
    /** …printing the length of an array it leaves alone. */
    public static void sayLength(int[] xs) {
        System.out.println(xs.length);
    }

    public static void show(StringBuilder c) {
        System.err.println(c);
    }
}
