package app;

import java.util.Iterator;

/** Iterated by enhanced for: the language calls iterator(), hasNext() and next(). */
public class Range implements Iterable<Integer> {
    private final int n;

    public Range(int n) {
        this.n = n;
    }

    @Override
    public Iterator<Integer> iterator() {
        return new Iterator<Integer>() {
            private int i;

            @Override
            public boolean hasNext() {
                return i < n;
            }

            @Override
            public Integer next() {
                return i++;
            }
        };
    }
}
