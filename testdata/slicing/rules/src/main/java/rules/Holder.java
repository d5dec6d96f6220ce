package rules;

import java.util.ArrayList;
import java.util.List;

/** Holds counters: storing a counter makes the holder and the counter share state. */
public class Holder {
    private final List<Counter> items = new ArrayList<>();
    public Counter first;

    public Holder() {
    }

    public Holder(Counter c) {
        items.add(c);
        first = c;
    }

    public void add(Counter c) {
        items.add(c);
        if (first == null) {
            first = c;
        }
    }

    public int total() {
        int t = 0;
        for (Counter c : items) {
            t += c.value();
        }
        return t;
    }

    public Counter first() {
        return first;
    }
}
