package eff;

import java.util.ArrayList;
import java.util.List;

/** Final, with final fields only, yet no value: the list it holds can change. */
public final class Pocket {
    private final List<String> things = new ArrayList<>();

    public void put(String thing) {
        things.add(thing);
    }

    public void empty() {
        things.clear();
    }

    public int count() {
        return things.size();
    }
}
