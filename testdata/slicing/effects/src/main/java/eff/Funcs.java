package eff;

import java.util.function.Supplier;

/** Runs functions it is handed, or one it keeps. */
public final class Funcs {
    private static Supplier<Integer> kept = () -> 0;

    private Funcs() {
    }

    public static Integer orElse(Integer v, Supplier<Integer> fallback) {
        return v != null ? v : fallback.get();
    }

    public static Integer orZero(Integer v) {
        return orElse(v, () -> 0);
    }

    public static Integer fromKept() {
        return kept.get();
    }

    public static void keep(Supplier<Integer> s) {
        kept = s;
    }
}
