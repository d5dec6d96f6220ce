package demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ComplexTest {

    @Test
    void testNegate() {
        Complex c = new Complex(1, 2);
        assertEquals(1.0, c.re());
        Complex n = c.negate();
        assertEquals(-1.0, n.re());
        assertEquals(-2.0, n.im());
    }

    @Test
    void testPlus() {
        Complex a = new Complex(1, 2);
        Complex b = new Complex(3, 4);
        Complex s = a.plus(b);
        assertEquals(4.0, s.re());
        assertEquals(6.0, s.im());
    }

    @Test
    void testAbs() {
        assertEquals(5.0, new Complex(3, 4).abs(), 1e-9);
    }
}
