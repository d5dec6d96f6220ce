package proofs;

import java.util.ArrayDeque;
import java.util.Deque;

/** Looks items up with streams and lambdas over typed elements. */
public class Catalog {
    private final Deque<Item> items = new ArrayDeque<>();

    public void add(Item i) {
        items.add(i);
    }

    public boolean has(String name) {
        return items.stream().anyMatch(i -> i.named(name));
    }

    public boolean hasCounting(String name) {
        return items.stream().anyMatch(i -> i.namedCounting(name));
    }
}
