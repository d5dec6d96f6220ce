package shop;

/** Two items sold together: overrides price (dynamic dispatch). */
public class Bundle extends Item {
    private final Item other;

    public Bundle(String name, int cents, Item other) {
        super(name, cents);
        this.other = other;
    }

    @Override
    public int price() {
        return super.price() + other.price() / 2;
    }
}
