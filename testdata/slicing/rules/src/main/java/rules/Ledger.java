package rules;

/** A running total that counts, in the counter it is given, how often it was closed. */
public class Ledger implements AutoCloseable {
    private final Counter closes;
    private int total;

    public Ledger(Counter closes) {
        this.closes = closes;
    }

    public void add(int n) {
        total += n;
    }

    public int total() {
        return total;
    }

    @Override
    public void close() {
        closes.increment();
    }
}
