package d;

public abstract class AbstractListTestCase extends AbstractCollectionTestCase {
    public void testIndex() {
    }
}
