package app;

public class Frac implements RealElem<Frac> {
    final int n;

    public Frac(int n) {
        this.n = n;
    }

    public static Frac one() {
        return new Frac(1);
    }

    @Override
    public Frac add(Frac other) {
        return new Frac(n + other.n);
    }

    @Override
    public Frac negate() {
        return new Frac(-n);
    }

    @Override
    public double value() {
        return n;
    }
}
