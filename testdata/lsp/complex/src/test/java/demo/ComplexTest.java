package demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ComplexTest {
    @Test
    void testNegate() {
        Complex c = new Complex(1, 2);
        Complex n = c.negate();
        assertEquals(-1, n.re(), 0.0);
        assertEquals(-2, n.im(), 0.0);
    }

    @Test
    void testPlus() {
        Complex a = new Complex(1, 2);
        Complex b = new Complex(3, 4);
        Complex s = a.plus(b);
        assertEquals(4, s.re(), 0.0);
        assertEquals(6, s.im(), 0.0);
    }

    @Test
    void testAbs() {
        Complex c = new Complex(3, 4);
        assertEquals(5, c.abs(), 1e-9);
    }
}
