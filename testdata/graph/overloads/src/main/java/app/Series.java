package app;

import java.util.Collections;
import java.util.Map;

public class Series {
    private final double values[];
    private final Map<Integer, Double> marks;

    private Series(double first, Map<Integer, Double> marks) {
        this.values = new double[] {first};
        this.marks = marks;
    }

    private Series(double first, double scale, Map<Integer, Double> marks) {
        this.values = new double[] {first * scale};
        this.marks = marks;
    }

    public static Series constant(double value) {
        return new Series(value, Collections.<Integer, Double> emptyMap());
    }

    public int hash() {
        return Hashes.of(values);
    }
}
