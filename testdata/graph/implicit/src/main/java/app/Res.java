package app;

/** Closed by try-with-resources. */
public class Res implements AutoCloseable {
    public static int closed;

    @Override
    public void close() {
        closed++;
    }
}
