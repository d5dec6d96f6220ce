package eff;

import java.util.function.DoubleSupplier;

/** Series summed from generators written as anonymous classes. */
public final class Sums {
    public static int generated;
    static DoubleSupplier kept;

    private Sums() {
    }

    /** Runs the generator n times and adds up what it gives. */
    public static double total(DoubleSupplier gen, int n) {
        double s = 0;
        for (int i = 0; i < n; i++) {
            s += gen.getAsDouble();
        }
        return s;
    }

    /** A generator with state of its own, made and run here: nothing shared changes. */
    public static double harmonic(int n) {
        final DoubleSupplier gen = new DoubleSupplier() {
            private int k;

            @Override
            public double getAsDouble() {
                k++;
                return 1.0 / k;
            }
        };
        return total(gen, n);
    }

    /** …one that counts in a static: running it writes shared state. */
    public static double countedHarmonic(int n) {
        final DoubleSupplier gen = new DoubleSupplier() {
            private int k;

            @Override
            public double getAsDouble() {
                generated++;
                k++;
                return 1.0 / k;
            }
        };
        return total(gen, n);
    }

    /** …one kept in a static, where anyone may run it later. */
    public static double keptHarmonic(int n) {
        final DoubleSupplier gen = new DoubleSupplier() {
            private int k;

            @Override
            public double getAsDouble() {
                k++;
                return 1.0 / k;
            }
        };
        kept = gen;
        return total(gen, n);
    }

    /** The largest term: a shared setting. */
    public static int limit = 10;

    private static final java.util.List<Integer> TERMS = new java.util.ArrayList<>();

    /** Reads the shared limit and changes nothing. */
    public static int clamp(int x) {
        return Math.min(x, limit);
    }

    /** Gives the shared list of terms itself. */
    public static java.util.List<Integer> terms() {
        return TERMS;
    }

    /** A generator base whose getAsDouble counts in a static before it asks next. */
    public abstract static class CountingGen implements DoubleSupplier {
        @Override
        public double getAsDouble() {
            generated++;
            return next();
        }

        protected abstract double next();
    }

    /** An anonymous subclass of a project class: what it inherits runs, and counts. */
    public static double countedByBase(int n) {
        final DoubleSupplier gen = new CountingGen() {
            @Override
            protected double next() {
                return 1;
            }
        };
        return total(gen, n);
    }

    /** Runs the rounding mode's own apply: the constants' class bodies change nothing. */
    public static long rounded(Rounding r, double x) {
        return r.apply(x);
    }

    /** …a step, which one constant's body counts. */
    public static int tallied(Tally t, int x) {
        return t.next(x);
    }
}
