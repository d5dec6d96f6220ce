package app;

public class Ledger {
    private int total;

    public Ledger add(Object entry) {
        total++;
        return this;
    }

    public Ledger negate() {
        total = -total;
        return this;
    }

    public double value() {
        return total;
    }
}
