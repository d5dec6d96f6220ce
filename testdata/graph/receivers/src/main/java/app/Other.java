package app;

/** Same method names as Handler, unrelated: an anonymous Handler's calls must not reach it. */
public class Other {
    public int twice(int x) {
        return x + x;
    }
}
