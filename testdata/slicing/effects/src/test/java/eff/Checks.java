package eff;

import org.junit.Assert;

/** Project-side assertion helpers. */
public final class Checks {
    static int checked;

    private Checks() {
    }

    /** Only reads its arguments and throws. */
    public static void assertNear(double expected, double actual, double tol) {
        if (Math.abs(expected - actual) > tol) {
            Assert.fail("expected " + expected + " but was " + actual);
        }
    }

    /** Also counts the checks in static state. */
    public static void assertCounted(int expected, int actual) {
        checked++;
        Assert.assertEquals(expected, actual);
    }

    public static int checked() {
        return checked;
    }

    /** Runs the function it is given on x. */
    public static int applied(java.util.function.IntUnaryOperator f, int x) {
        return f.applyAsInt(x);
    }

    /** A function object that gives the same number whatever it is given. */
    public static final class Fixed implements java.util.function.IntUnaryOperator {
        private final int value;

        public Fixed(int value) {
            this.value = value;
        }

        @Override
        public int applyAsInt(int x) {
            return value;
        }
    }

    /** …one that counts its runs in static state. */
    public static final class Counting implements java.util.function.IntUnaryOperator {
        static int count;

        @Override
        public int applyAsInt(int x) {
            count++;
            return x;
        }
    }

    /** Kinds of checks, nested in a nested type: reading one reads no shared state. */
    public static final class Modes {
        public enum Kind {
            STRICT, LOOSE
        }
    }

    /** Adds to the list the supplier gives: it changes what the function returns. */
    public static void grow(java.util.function.Supplier<java.util.List<Integer>> f) {
        f.get().add(1);
    }

    /** Runs op and asks what it gives whether it is whole: a Ratio, as its type arguments say. */
    public static boolean wholeAfter(java.util.function.UnaryOperator<Ratio> op, Ratio r) {
        return op.apply(r).whole();
    }

    /** …a Calc, whose twice counts. */
    public static int twiceAfter(java.util.function.Supplier<Calc> make) {
        return make.get().twice(1);
    }

    /** …something of a type variable, which says nothing. */
    public static <T> String describedAfter(java.util.function.Supplier<T> make) {
        return make.get().toString();
    }

    /** A nested enum whose constant counts its uses in a field of its own. */
    public static final class Meters {
        public enum Kind {
            HITS;

            private int used;

            public int use() {
                return ++used;
            }

            public int used() {
                return used;
            }
        }
    }
}
