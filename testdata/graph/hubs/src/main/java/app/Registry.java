package app;

/** Static state initialized by a call: what initializing the class runs. */
public class Registry {
    static final int SEED = Seed.value();

    public static boolean present(Registry r) {
        return r != null;
    }
}
