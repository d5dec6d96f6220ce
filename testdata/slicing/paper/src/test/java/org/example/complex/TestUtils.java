package org.example.complex;

import org.junit.Assert;

/** Assertion helpers shared by the complex-number tests. */
public final class TestUtils {
    private TestUtils() {
    }

    public static void assertEquals(Complex expected, Complex actual, double delta) {
        Assert.assertEquals(expected.getReal(), actual.getReal(), delta);
        Assert.assertEquals(expected.getImaginary(), actual.getImaginary(), delta);
    }

    public static void assertSame(Complex expected, Complex actual) {
        assertEquals(expected, actual, 0.0);
    }
}
