package rebind;

/** Hands back the value it is given. */
public final class Count {
    private Count() {
    }

    public static int next(int v) {
        return v;
    }
}
