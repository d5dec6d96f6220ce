package sets;

import java.util.AbstractSet;
import java.util.Iterator;
import java.util.List;

/** A set of one word whose size makes a Counter: JDK sets ask it when they compare. */
public class CountingSet extends AbstractSet<String> {
    @Override
    public int size() {
        new Counter();
        return 1;
    }

    @Override
    public Iterator<String> iterator() {
        return List.of("a").iterator();
    }
}
