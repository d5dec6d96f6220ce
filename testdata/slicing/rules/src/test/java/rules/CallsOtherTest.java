package rules;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class CallsOtherTest {
    @Test
    public void first() {
        assertEquals(1, new Counter(1).value());
    }

    @Test
    public void second() {
        first();
        assertEquals(2, new Counter(2).value());
    }
}
