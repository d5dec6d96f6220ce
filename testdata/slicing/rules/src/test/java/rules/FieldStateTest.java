package rules;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;

public class FieldStateTest {
    private Counter counter;
    private int limit = 3;

    @Before
    public void setUp() {
        counter = new Counter();
        Registry.clear();
    }

    @After
    public void tearDown() {
        Registry.clear();
    }

    @Test
    public void callOnFieldChangesSharedState() {
        counter.increment();
        Counter local = new Counter(7);
        assertEquals(1, counter.value());
        assertEquals(7, local.value());
    }

    @Test
    public void fieldWriteIsSeenByLaterReads() {
        this.limit = 10;
        Counter local = new Counter(2);
        assertTrue(local.value() < limit);
    }

    @Test
    public void staticStateIsShared() {
        Registry.register("a");
        Registry.register("b");
        Counter local = new Counter(1);
        assertEquals(2, Registry.count());
        assertEquals(1, local.value());
    }
}
