package app;

public class Vec {
    private final double[] data;

    public Vec(double[] d, boolean copy) {
        data = copy ? d.clone() : d;
    }

    public Vec(Vec a, Vec b) {
        data = Joins.concat(a.data, b.data);
    }

    public double first() {
        return data[0];
    }
}
