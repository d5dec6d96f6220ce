package rules;

import junit.framework.TestCase;

public class Junit3Test extends TestCase {
    private Counter counter;

    @Override
    protected void setUp() {
        counter = new Counter(1);
    }

    public void testValues() {
        Counter c = new Counter(2);
        assertEquals(2, c.value());
        assertEquals(1, counter.value());
    }

    public void helperNotATest(int x) {
        assertEquals(x, x);
    }
}
