package rules;

import java.util.Iterator;

/** A feed that hands out its items once: iterating it uses them up. */
public class Feed implements Iterable<String> {
    private int left;

    public Feed(int left) {
        this.left = left;
    }

    @Override
    public Iterator<String> iterator() {
        return new Iterator<String>() {
            @Override
            public boolean hasNext() {
                return left > 0;
            }

            @Override
            public String next() {
                left--;
                return "item";
            }
        };
    }

    public int left() {
        return left;
    }
}
