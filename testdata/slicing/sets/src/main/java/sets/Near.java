package sets;

import java.util.List;

/** A project comparison no JDK interface declares: JDK code never calls its compare back. */
public final class Near {
    static int count;

    /** Compares two doubles. */
    public interface Closeness {
        int compare(double a, double b);
    }

    private Near() {
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
