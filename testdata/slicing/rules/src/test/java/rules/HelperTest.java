package rules;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class HelperTest {
    @Test
    public void customHelperIsAnAssertion() {
        Counter c = new Counter(2);
        Counter d = new Counter(3);
        checkValue(2, c);
        checkPositive(d);
    }

    @Test
    public void sharedHelperInOtherClass() {
        Counter c = new Counter(6);
        RulesAsserts.assertValue(6, c);
        Counter d = new Counter(1);
        d.increment();
        RulesAsserts.assertValue(2, d);
    }

    private void checkValue(int expected, Counter c) {
        assertEquals(expected, c.value());
    }

    private void checkPositive(Counter c) {
        checkValue(c.value(), c);
        org.junit.Assert.assertTrue(c.value() > 0);
    }
}
