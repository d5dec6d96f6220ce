package app;

import java.util.ArrayList;

/** A collection subclass: library methods it inherits may call add, but never unwrap. */
public class Items extends ArrayList<String> {
    public int adds;

    @Override
    public boolean add(String s) {
        adds++;
        return super.add(s);
    }

    public String unwrap() {
        return get(0);
    }
}
