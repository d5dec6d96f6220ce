package broken;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class BrokenTest {
    @Test
    public void fine() {
        int a = 1;
        assertEquals(1, a);
    }

    @Test
    public void halfTyped() {
        int b = 2;
        assertEquals(2, b
        String s = "x";
        assertEquals("x", s);
    }

    @Test
    public void alsoFine() {
        String t = "t";
        assertEquals("t", t);
    }
}
