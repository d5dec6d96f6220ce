package eff;

/** Mutable static configuration. */
public final class Config {
    public static int level = 1;

    private Config() {
    }
}
