package shop;

/** A price in cents; a Label prints it through a formatter held in a var local. */
public final class Price implements Priced {
    private final int cents;

    private Price(int cents) {
        this.cents = cents;
    }

    public static Price of(int cents) {
        return new Price(cents);
    }

    @Override
    public int cents() {
        return cents;
    }
}
