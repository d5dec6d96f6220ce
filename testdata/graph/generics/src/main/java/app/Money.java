package app;

public class Money implements RealNum<Money> {
    final int cents;

    public Money(int cents) {
        this.cents = cents;
    }

    @Override
    public Money add(Money other) {
        return new Money(cents + other.cents);
    }

    @Override
    public Money negate() {
        return new Money(-cents);
    }

    @Override
    public double value() {
        return cents;
    }
}
