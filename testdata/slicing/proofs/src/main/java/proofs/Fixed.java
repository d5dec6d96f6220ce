package proofs;

public class Fixed implements Metric {
    private final int v;

    public Fixed(int v) {
        this.v = v;
    }

    @Override
    public int value() {
        return v;
    }

    @Override
    public String label() {
        return "fixed";
    }
}
