package org.example.complex;

import org.junit.Assert;
import org.junit.Test;

public class ComplexTest {
    private static final double PI = Math.PI;

    @Test
    public void testExp() {
        Complex z = new Complex(3, 4);
        Complex expected = new Complex(-13.12878, -15.20078);
        TestUtils.assertEquals(expected, z.exp(), 1.0e-5);
        TestUtils.assertEquals(Complex.ONE, Complex.ZERO.exp(), 10e-12);
        Complex iPi = Complex.I.multiply(new Complex(PI, 0));
        TestUtils.assertEquals(Complex.ONE.negate(), iPi.exp(), 10e-12);
    }

    @Test
    public void testNegate() {
        Complex x = new Complex(3.0, 4.0);
        Complex z = x.negate();
        Assert.assertEquals(-3.0, z.getReal(), 1.0e-5);
        Assert.assertEquals(-4.0, z.getImaginary(), 1.0e-5);
    }

    @Test
    public void testPlus() {
        Complex x = new Complex(3.0, 4.0);
        Complex y = new Complex(5.0, 6.0);
        Complex z = x.plus(y);
        Assert.assertEquals(8.0, z.getReal(), 1.0e-5);
        Assert.assertEquals(10.0, z.getImaginary(), 1.0e-5);
        TestUtils.assertSame(new Complex(3.0, 4.0), x);
        Assert.assertEquals(5.0, x.abs(), 1.0e-9);
    }

    @Test
    public void testNegateTwiceFailsOnPurpose() {
        Complex x = new Complex(1.0, 2.0);
        Assert.assertEquals(1.0, x.negate().negate().getReal(), 0.0);
        Assert.assertEquals(-2.0, x.negate().negate().getImaginary(), 0.0);
    }
}
