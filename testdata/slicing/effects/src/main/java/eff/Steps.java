package eff;

import java.util.Arrays;

/** Steps a lambda may implement: printing one runs Object's toString or a class's own. */
public final class Steps {
    private Steps() {
    }

    /** A one-method interface: any lambda may be one. */
    public interface Step {
        int apply(int x);
    }

    public static final class Twice implements Step {
        @Override
        public int apply(int x) {
            return 2 * x;
        }
    }

    /** Another, one of whose classes counts how often it is printed. */
    public interface Noisy {
        int apply(int x);
    }

    public static final class Counted implements Noisy {
        static int printed;

        @Override
        public int apply(int x) {
            return x;
        }

        @Override
        public String toString() {
            printed++;
            return "counted";
        }
    }

    /** A lambda's toString is Object's; Twice declares none. */
    public static String describe(Step s) {
        return s.toString();
    }

    /** …but a Noisy may be a Counted. */
    public static String describe(Noisy s) {
        return s.toString();
    }

    /** Running a step may run any lambda. */
    public static int run(Step s) {
        return s.apply(1);
    }

    /** Arrays.asList views the array in a JDK list: looking for null runs nothing. */
    public static boolean anyMissing(Step[] steps) {
        return Arrays.asList(steps).contains(null);
    }

    /** …setting through the view changes the array. */
    public static void replaceFirst(Step[] steps, Step s) {
        Arrays.asList(steps).set(0, s);
    }
}
