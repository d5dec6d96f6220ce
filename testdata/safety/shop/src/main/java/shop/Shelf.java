package shop;

import java.util.ArrayList;
import java.util.List;

/** A shelf of items; its tests are inherited by one test class per kind of stock. */
public class Shelf {
    private final List<Item> items = new ArrayList<>();

    public void stock(Item item) {
        items.add(item);
    }

    public int count() {
        return items.size();
    }

    public String label() {
        return "shelf";
    }
}
