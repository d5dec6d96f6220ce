package rules;

/** A service that must be closed and can fail. */
public class Service implements AutoCloseable {
    private boolean open = true;

    public int handle(int x) {
        if (!open) {
            throw new IllegalStateException("closed");
        }
        return x * 2;
    }

    public void explode() {
        throw new IllegalStateException("boom");
    }

    @Override
    public void close() {
        open = false;
    }
}
