package rules;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.junit.After;
import org.junit.Test;

/**
 * An @After check reads what the test left in shared state: the test's after unit keeps
 * the statements writing it (every rendered unit runs the check, so it must pass without
 * them too).
 */
public class AfterCheckTest {
    @After
    public void registeredOnce() {
        assertTrue(Registry.count() <= 1);
        Registry.clear();
    }

    @Test
    public void registersAndCounts() {
        Counter c = new Counter(2);
        Registry.register("a");
        c.increment();
        assertEquals(3, c.value());
    }
}
