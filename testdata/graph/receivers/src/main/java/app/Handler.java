package app;

public abstract class Handler {
    public abstract int handle(int x);

    public int twice(int x) {
        return 2 * x;
    }
}
