package disp;

import java.util.function.IntConsumer;

/** Lambdas handed to project methods that run them at once, or keep them. */
public final class Runs {
    static int total;
    static IntConsumer kept;

    private Runs() {
    }

    /** Runs the function it is given, keeping nothing. */
    static void each(int n, IntConsumer f) {
        for (int i = 0; i < n; i++) {
            f.accept(i);
        }
    }

    /** Keeps the function it is given. */
    static void keep(IntConsumer f) {
        kept = f;
    }

    /** Counts in a static, by a lambda that runs within each: a known write. */
    public static void countAll(int n) {
        each(n, i -> total++);
    }

    /** …by a lambda kept for later: whoever runs it counts. */
    public static void countLater() {
        keep(i -> total++);
    }
}
