package app;

import java.math.BigInteger;

/** Overloads chosen by what the argument calls return. */
public class Widths {
    public static int max(int a, int b) {
        return a > b ? a : b;
    }

    public static long max(long a, long b) {
        return a > b ? a : b;
    }

    public static double max(double a, double b) {
        return a > b ? a : b;
    }

    public static int longest(String a, String b) {
        return max(a.length(), b.length());
    }

    public static int wider(BigInteger a, BigInteger b) {
        return max(a.bitLength(), b.bitLength());
    }

    public static double mixed(String a, Gauge g) {
        return max(a.length(), g.weight());
    }

    public static long untyped(Integer[] xs, String b) {
        return max(Gauge.first(xs), b.length());
    }

    public static Runnable visitor() {
        return new Runnable() {
            private double total;
            private int count;

            @Override
            public void run() {
                total = max(total, count);
                count++;
            }
        };
    }

    public static int sized(int[] xs, int n) {
        return max(xs.length, n);
    }

    public static int abs(int a) {
        return a < 0 ? -a : a;
    }

    public static double abs(double a) {
        return a < 0 ? -a : a;
    }

    public static double scale(double[] y0, double[][] y1, int j) {
        return max(abs(y0[j]), abs(y1[j][0]));
    }
}
