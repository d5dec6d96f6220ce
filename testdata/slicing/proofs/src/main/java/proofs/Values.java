package proofs;

/** Arrays, char sequences and value fields: none of them reach static state. */
public final class Values {
    private static final double SCALE = 2.0;

    private Values() {
    }

    public static int[] copy(int[] a) {
        return a.clone();
    }

    public static boolean blank(CharSequence s) {
        return s == null || s.length() == 0;
    }

    public static void scale(double[] a) {
        a[0] = a[0] * SCALE;
    }
}
