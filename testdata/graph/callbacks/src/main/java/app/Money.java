package app;

public class Money {
    private final int amount;

    public Money(int amount) {
        this.amount = amount;
    }

    @Override
    public String toString() {
        return amount + " EUR";
    }
}
