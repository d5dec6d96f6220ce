package org.example.complex;

/** Math functions backed by tables built once, in lazily initialized holder classes. */
public final class FastMath {
    private FastMath() {
    }

    /** Tables of e^k for small integers k, built when first used. */
    private static final class ExpTable {
        static final double[] EXP_INT = build();

        private static double[] build() {
            double[] t = new double[16];
            double v = 1.0;
            for (int i = 0; i < t.length; i++) {
                t[i] = v;
                v *= Math.E;
            }
            return t;
        }
    }

    public static double exp(double x) {
        return exp(x, null);
    }

    /** e^x; when hiPrec is given, its first slot receives the result too. */
    static double exp(double x, double[] hiPrec) {
        int whole = (int) Math.floor(x);
        double base = whole >= 0 && whole < ExpTable.EXP_INT.length ? ExpTable.EXP_INT[whole] : Math.exp(whole);
        double[] parts = new double[2];
        parts[0] = base;
        parts[1] = Math.exp(x - whole);
        double result = parts[0] * parts[1];
        if (hiPrec != null) {
            hiPrec[0] = result;
        }
        return result;
    }

    public static double cos(double x) {
        return Math.cos(x);
    }

    public static double sin(double x) {
        return Math.sin(x);
    }
}
