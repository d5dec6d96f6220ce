package shapes;

import java.util.List;
import java.util.Map;

/** Base of all shapes. */
public abstract class Shape implements Comparable<Shape> {
    protected static int created;
    private String label = "shape";

    static {
        created = 0;
    }

    {
        created++;
    }

    protected Shape() {
    }

    public abstract double area();

    public String describe() {
        return label + ":" + area();
    }

    @Override
    public int compareTo(Shape other) {
        return Double.compare(area(), other.area());
    }

    public static <T extends Shape> double total(List<T> shapes, Map<String, ? extends Number> weights, int... extra) {
        double sum = 0;
        for (T s : shapes) {
            sum += s.area();
        }
        return sum;
    }
}
