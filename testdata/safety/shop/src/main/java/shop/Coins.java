package shop;

/** Coins add to coins; an overload taking a label is declared before that one. */
public final class Coins implements Adder<Coins> {
    private final int count;

    public Coins(int count) {
        this.count = count;
    }

    public Coins plus(String label) {
        return this;
    }

    @Override
    public Coins plus(Coins other) {
        return new Coins(count + other.count);
    }

    public int count() {
        return count;
    }
}
