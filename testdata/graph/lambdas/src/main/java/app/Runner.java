package app;

public final class Runner {
    private Runner() {
    }

    public static void run(Action a, int x) {
        a.run(x);
    }

    public static boolean check(Probe p, int x) {
        return p.test(x);
    }
}
