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
}
