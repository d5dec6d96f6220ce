package disp;

import java.util.function.Supplier;

/** Function values a body makes of a named project class. */
public final class Fnx {
    private Fnx() {
    }

    /** A Supplier that counts. */
    static final class Counting implements Supplier<Integer> {
        @Override
        public Integer get() {
            Counter.n++;
            return 1;
        }
    }

    /** A Supplier that reads the counter when it runs. */
    public static Supplier<Integer> counter() {
        return () -> Counter.n;
    }

    /** Runs a Supplier it wrote as a lambda, read where it is written. */
    public static int viaLambda() {
        Supplier<Integer> s = () -> 1;
        return s.get();
    }

    /** Runs a counting Supplier it made. */
    public static int viaLocal() {
        Supplier<Integer> s = new Counting();
        return s.get();
    }
}
