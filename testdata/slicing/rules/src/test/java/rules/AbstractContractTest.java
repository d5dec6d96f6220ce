package rules;

import static org.junit.Assert.assertEquals;

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
}
