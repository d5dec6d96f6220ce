package rows;

import java.util.AbstractList;

/**
 * Two rows that make a Counter whenever one is read. It keeps AbstractList's hashCode,
 * equals and toString, which read the rows through get: hashing it writes Counter.made.
 */
public class CountingRows extends AbstractList<Integer> {
    @Override
    public Integer get(int index) {
        new Counter();
        return index;
    }

    @Override
    public int size() {
        return 2;
    }
}
