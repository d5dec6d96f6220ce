package proofs;

/** Binds Ring's T to itself: plus(..) is a Money, so plus(this).cents() is typed. */
public class Money implements Ring<Money> {
    private final int cents;

    public Money(int cents) {
        this.cents = cents;
    }

    @Override
    public Money plus(Money other) {
        return new Money(cents + other.cents);
    }

    public int cents() {
        return cents;
    }

    public int doubled() {
        return plus(this).cents();
    }
}
