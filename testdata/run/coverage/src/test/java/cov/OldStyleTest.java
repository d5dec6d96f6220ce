package cov;

import junit.framework.TestCase;

public class OldStyleTest extends TestCase {
    private Calc c;

    @Override
    protected void setUp() {
        c = new Calc(3);
    }

    public void testAdds() {
        assertEquals(5, c.add(2));
    }

    // Production code run by a test class's own initialization: attributed to the class,
    // not marked as run during (production) class initialization.
    static final int BASE = Shape.square(1).area();
}
