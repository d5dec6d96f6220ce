package boxing;

import java.util.List;

/** A project comparison that is a Comparator: a sorted collection holding one runs its compare. */
public final class Near {
    static int count;

    /** Compares two doubles. */
    public interface Closeness extends java.util.Comparator<Double> {
        @Override
        int compare(Double a, Double b);
    }

    private Near() {
    }

    /** An anonymous Closeness whose compare counts. */
    public static Closeness within(double eps) {
        return new Closeness() {
            @Override
            public int compare(Double a, Double b) {
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
