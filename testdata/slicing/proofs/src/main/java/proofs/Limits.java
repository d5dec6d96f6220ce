package proofs;

/** Initializing this class records it elsewhere; javac inlines LIMIT, not BOXED. */
public final class Limits {
    public static final int LIMIT = 10;
    public static final Integer BOXED = 10;

    static {
        Loaded.names.add("Limits");
    }

    private Limits() {
    }
}
