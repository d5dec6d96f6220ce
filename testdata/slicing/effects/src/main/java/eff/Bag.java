package eff;

import java.util.ArrayList;
import java.util.List;

/** A bag of numbers with lambda-based pruning. */
public class Bag {
    private final List<Integer> items = new ArrayList<>();

    public void add(int x) {
        items.add(x);
    }

    /** The lambda only reads: pruning changes this bag alone. */
    public void prune() {
        items.removeIf(x -> x < 0);
    }

    /** The lambda counts in static state. */
    public void pruneCounting() {
        items.removeIf(x -> {
            Calc.calls++;
            return x < 0;
        });
    }

    public int size() {
        return items.size();
    }
}
