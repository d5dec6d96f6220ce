package eff;

/** Its initializer reads mutable static state of another class. */
public final class Scaled {
    static final int FACTOR = Config.level * 10;

    private Scaled() {
    }

    public static int of(int x) {
        return x * FACTOR;
    }
}
