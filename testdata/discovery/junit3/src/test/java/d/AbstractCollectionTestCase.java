package d;

import junit.framework.TestCase;

public abstract class AbstractCollectionTestCase extends TestCase {
    public void testEmpty() {
        assertTrue(make().isEmpty());
    }

    public abstract void testSize();

    protected abstract java.util.Collection<String> make();
}
