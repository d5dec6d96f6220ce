package app;

import java.util.function.Supplier;

public class Sources {
    private static Supplier<Object> pick = () -> new double[] {1};

    // What they return is unknown to the graph (a raw Object from a library call, cast).
    @SuppressWarnings("unchecked")
    public static <T> T left() {
        return (T) pick.get();
    }

    @SuppressWarnings("unchecked")
    public static <T> T right() {
        return (T) pick.get();
    }
}
