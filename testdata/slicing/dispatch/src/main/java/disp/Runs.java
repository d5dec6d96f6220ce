package disp;

import java.lang.reflect.UndeclaredThrowableException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

    /** A function of the project's own interface, which may throw. */
    interface Task {
        void run() throws Exception;
    }

    /** Runs the task it is given, wrapping its failure without printing it. */
    static void attempt(Task task) {
        try {
            task.run();
        } catch (Exception e) {
            throw new UndeclaredThrowableException(e);
        }
    }

    static Exception lastFailure;

    /** Keeps what the task threw, which may carry the task: the task may now be reached from shared state. */
    static void attemptKeeping(Task task) {
        try {
            task.run();
        } catch (Exception e) {
            lastFailure = e;
        }
    }

    /** …wrapping it in an exception whose message prints it: a LoudException's toString counts. */
    static void attemptPrinting(Task task) {
        try {
            task.run();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Counts by a lambda of the project's interface that runs within attempt. */
    public static void countTask() {
        attempt(() -> total++);
    }

    /** Counts in a static, by a lambda that runs within each: a known write. */
    public static void countAll(int n) {
        each(n, i -> total++);
    }

    /** Counts in a static by a lambda a JDK list runs within its forEach, keeping nothing: a known write. */
    public static void countEach(List<Integer> xs) {
        xs.forEach(x -> total += x);
    }

    /** …and by one a JDK map made here runs within computeIfAbsent. */
    public static int countMissing(String key) {
        Map<String, Integer> m = new HashMap<>();
        return m.computeIfAbsent(key, k -> total++);
    }

    /** …where the map handed over may be a project map (Entries.Tally), whose methods may keep the lambda. */
    public static int countMissingIn(Map<String, Integer> m, String key) {
        return m.computeIfAbsent(key, k -> total++);
    }

    /** …by a lambda kept for later: whoever runs it counts. */
    public static void countLater() {
        keep(i -> total++);
    }

    /** A project function of numbers. */
    interface Scale {
        double scale(double x);
    }

    /** A project function handed an array. */
    interface Fill {
        void fill(int[] xs);
    }

    static int[] shared = new int[2];

    /** Runs a project function of numbers on what another gives: neither changes nor keeps the other. */
    static double scaled(Scale s, Scale t) {
        return s.scale(t.scale(1.0));
    }

    /** …as JDK functions of numbers. */
    static double applied(java.util.function.DoubleUnaryOperator f, java.util.function.DoubleUnaryOperator g) {
        return f.applyAsDouble(g.applyAsDouble(1.0));
    }

    /** A function handed a static array may change it. */
    static void fillShared(Fill f) {
        f.fill(shared);
    }
}
