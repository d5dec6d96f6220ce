package shop;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntUnaryOperator;

public class Cart {
    private final List<Item> items = new ArrayList<>();
    private final IntUnaryOperator rounding = Cart::roundDown;
    private int created = counter();

    private static int counter() {
        return 1;
    }

    public void add(Item item) {
        items.add(item);
    }

    public int total() {
        int sum = 0;
        for (Item i : items) {
            sum += i.price();
        }
        return rounding.applyAsInt(sum);
    }

    static int roundDown(int cents) {
        return cents - cents % 5;
    }

    public Item cheapest() {
        List<Item> copy = new ArrayList<>(items);
        Collections.sort(copy);
        return copy.get(0);
    }

    public int count() {
        return items.size() + created - 1;
    }

    public String describe() {
        return items.stream().map(Item::name).reduce("", (a, b) -> a + b);
    }

    public Object byReflection(String method) throws Exception {
        return Item.class.getMethod("name").invoke(items.get(0));
    }
}
