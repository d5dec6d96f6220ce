package shop;

/** A priced item; subclasses change how the price is computed. */
public class Item implements Comparable<Item> {
    static final double TAX;
    static {
        TAX = 0.25;
    }

    protected final String name;
    protected final int cents;
    private int discount = 0;

    public Item(String name, int cents) {
        this.name = name;
        this.cents = cents;
    }

    public int price() {
        return cents - discount;
    }

    public int priceWithTax() {
        return (int) Math.round(price() * (1 + TAX));
    }

    public void setDiscount(int d) {
        discount = d;
    }

    public String name() {
        return name;
    }

    @Override
    public int compareTo(Item o) {
        return Integer.compare(price(), o.price());
    }

    @Override
    public String toString() {
        return name + "@" + price();
    }
}
