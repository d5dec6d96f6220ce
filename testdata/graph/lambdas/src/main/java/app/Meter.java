package app;

public final class Meter implements Unit {
    public int zero() {
        return 0;
    }

    public Class<?> kind() {
        return Meter.class;
    }

    public double scale() {
        return 1.0;
    }
}
