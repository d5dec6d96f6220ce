package eff;

/** Keeps what it is given in a static. */
public final class Kept {
    static Object last;

    private Kept() {
    }

    static void keep(Object o) {
        last = o;
    }

    /** Keeps xs.length: a number (boxed), which leaves xs the caller's. */
    public static int keepLength(int[] xs) {
        keep(xs.length);
        return xs.length;
    }

    /** Keeps xs itself: static state now reaches xs. */
    public static int keepArray(int[] xs) {
        keep(xs);
        return xs.length;
    }
}
