package d;

import org.junit.Test;

public abstract class AbstractShapeTest {
    @Test
    public abstract void testArea();

    @Test
    public void testName() {
        org.junit.Assert.assertNotNull(name());
    }

    protected abstract String name();
}
