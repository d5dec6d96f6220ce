package app;

public class Dec implements Elem<Dec> {
    final int v;

    public Dec(int v) {
        this.v = v;
    }

    @Override
    public Dec add(Dec other) {
        return new Dec(v + other.v);
    }

    @Override
    public Dec negate() {
        return new Dec(-v);
    }
}
