package d;

import java.util.Collection;
import java.util.LinkedList;

public class LinkedListTestCase extends AbstractListTestCase {
    protected Collection<String> make() {
        return new LinkedList<>();
    }

    public void testSize() {
    }
}
