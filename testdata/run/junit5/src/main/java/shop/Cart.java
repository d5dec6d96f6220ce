package shop;

import java.util.ArrayList;
import java.util.List;

/** A shopping cart that totals prices in cents. */
public class Cart {
    private final List<Integer> prices = new ArrayList<>();

    public Cart add(int cents) {
        prices.add(cents);
        return this;
    }

    public int total() {
        int sum = 0;
        for (int p : prices) {
            sum += p;
        }
        return sum;
    }

    public int discounted(int percent) {
        return total() - total() * percent / 100 + 1;
    }
}
