package demo;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class ComplexTest {
    private static final double EPS = 1e-9;

    @Test
    public void testNegate() {
        Complex z = new Complex(1.0, 2.0);
        Complex n = z.negate();
        assertEquals(-1.0, n.getReal(), EPS);
        assertEquals(-2.0, n.getImaginary(), EPS);
    }

    @Test
    public void testExp() {
        Complex zero = new Complex(0.0, 0.0);
        Complex one = zero.exp();
        assertEquals(1.0, one.getReal(), EPS);
        Complex z = new Complex(1.0, 0.0);
        Complex m = z.negate();
        assertEquals(-1.0, m.getReal(), EPS);
        Complex e = z.exp();
        assertEquals(Math.E, e.getReal(), EPS);
    }

    @Test
    public void testAddAndAbs() {
        Complex a = new Complex(3.0, 0.0);
        Complex b = new Complex(0.0, 4.0);
        assertEquals(5.0, a.add(b).abs(), EPS);
        assertEquals("(3.0, 4.0)", a.add(b).toString());
    }
}
