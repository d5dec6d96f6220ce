package demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CounterTest {
    @Test
    void testAdd() {
        Counter c = new Counter();
        c.add(2);
        c.add(3);
        assertEquals(5, c.value());
    }
}
