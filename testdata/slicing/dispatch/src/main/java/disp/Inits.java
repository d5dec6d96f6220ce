package disp;

import java.util.function.Function;

/** Class initializers keeping functions: what a kept function does happens where it runs. */
public final class Inits {
    private Inits() {
    }

    /** Keeps a method reference of a JDK function and a lambda that counts: neither runs here. */
    public interface Kept {
        Function<Object, Object> SAME = Function.identity()::apply;
        Runnable COUNT = () -> Counter.n++;
    }

    /** Runs the counting lambda it keeps. */
    public static final class Run {
        static final Runnable COUNT = () -> Counter.n++;

        static {
            COUNT.run();
        }

        private Run() {
        }
    }

    /** Hands the counting lambda to a JDK thread-local, which runs it later. */
    public static final class Later {
        static final ThreadLocal<Integer> COUNT = ThreadLocal.withInitial(() -> Counter.n++);

        private Later() {
        }
    }
}
