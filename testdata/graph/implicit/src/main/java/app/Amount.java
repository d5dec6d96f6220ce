package app;

/** A project Number: unboxing-like library calls (intValue) reach it. */
public class Amount extends Number {
    @Override
    public int intValue() {
        return 7;
    }

    @Override
    public long longValue() {
        return 7L;
    }

    @Override
    public float floatValue() {
        return 7f;
    }

    @Override
    public double doubleValue() {
        return 7d;
    }
}
