package nested;

/** A builder whose area counts how often it is asked. */
public class LoudPane extends Fluent<LoudPane> {
    private static int asked;

    public int area() {
        asked++;
        return size * size;
    }

    public static int asked() {
        return asked;
    }
}
