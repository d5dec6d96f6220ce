package eff;

import java.text.MessageFormat;

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

    /** MessageFormat.format of numbers: a JDK formatter that changes nothing. */
    public static String describe(int a, int b) {
        return MessageFormat.format("{0} of {1}", a, b);
    }

    /** …of a CountingSet, whose callbacks may run (its hashCode counts). */
    public static String describeSet(CountingSet set) {
        return MessageFormat.format("{0}", set);
    }

    /** A concatenation of a parenthesized choice between strings: a String either way. */
    public static String label(String name, int n) {
        return "named " + (name != null ? name.trim() : "none") + '/' + (n > 0 ? "+" + n : n < 0 ? "-" : "0");
    }

    /** …a choice that may be the set itself: its toString and its elements' callbacks run. */
    public static String labelSet(CountingSet set) {
        return "set " + (set == null ? "none" : set);
    }

    /** The parts a report is made of. */
    public static java.util.List<String> parts() {
        return java.util.Arrays.asList("head", "body");
    }
}
