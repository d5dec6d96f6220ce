package handlers;

import java.util.List;

/**
 * A project comparison no JDK interface declares: JDK code never calls its compare back (the
 * sets fixture has it too, but a CountingSet there makes its callbacks count).
 */
public final class Close {
    static int count;

    /** Compares two doubles. */
    public interface Closeness {
        int compare(double a, double b);
    }

    private Close() {
    }

    /** An anonymous Closeness whose compare counts. */
    public static Closeness within(double eps) {
        return new Closeness() {
            @Override
            public int compare(double a, double b) {
                count++;
                return Math.abs(a - b) <= eps ? 0 : Double.compare(a, b);
            }
        };
    }

    /** A list's contains may run the callbacks of what the list holds. */
    public static boolean has(List<?> xs, Object o) {
        return xs.contains(o);
    }
}
