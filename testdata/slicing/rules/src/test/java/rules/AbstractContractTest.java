package rules;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

/** Tests every Counter factory must pass; they run in each concrete subclass. */
public abstract class AbstractContractTest {
    protected abstract Counter create();

    @Test
    public void startsAtGivenValue() {
        Counter c = create();
        int start = c.value();
        c.increment();
        assertEquals(start + 1, c.value());
    }

    @Test
    public void twoCounters() {
        Counter a = create();
        Counter b = create();
        int before = b.value();
        a.increment();
        // SharedContractTest's create() hands out one shared counter: a may be b.
        assertTrue(b.value() >= before);
    }
}
