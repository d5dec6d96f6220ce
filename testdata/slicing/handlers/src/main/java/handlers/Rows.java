package handlers;

import java.util.AbstractList;

/**
 * Two rows read without changing anything: the hashCode, equals and toString it keeps
 * from AbstractList read it through get, so hashing it writes nothing.
 */
public class Rows extends AbstractList<Integer> {
    @Override
    public Integer get(int index) {
        return index;
    }

    @Override
    public int size() {
        return 2;
    }
}
