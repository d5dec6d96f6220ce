package rows;

/** Makes a Counter when asked for its message, as Throwable's toString does. */
public class Oops extends RuntimeException {
    @Override
    public String getMessage() {
        new Counter();
        return "oops";
    }
}
