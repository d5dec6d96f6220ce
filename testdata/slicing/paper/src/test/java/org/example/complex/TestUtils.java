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

    public static void assertEquals(double expected, double actual, double delta) {
        assertEquals(null, expected, actual, delta);
    }

    public static void assertEquals(String msg, double expected, double actual, double delta) {
        if (Double.isNaN(expected)) {
            Assert.assertTrue(msg, Double.isNaN(actual));
        } else {
            Assert.assertEquals(msg, expected, actual, delta);
        }
    }

    /** Compares arrays element by element and reports every mismatch at once. */
    public static void assertEquals(double[] expected, double[] observed, double tolerance) {
        StringBuilder out = new StringBuilder();
        if (expected.length != observed.length) {
            out.append("lengths differ: ").append(expected.length).append(" != ").append(observed.length);
            Assert.fail(out.toString());
        }
        boolean failed = false;
        for (int i = 0; i < expected.length; ++i) {
            if (Math.abs(expected[i] - observed[i]) > tolerance) {
                failed = true;
                out.append("\n elements at ").append(i).append(" differ");
            }
        }
        if (failed) {
            Assert.fail(out.toString());
        }
    }

    public static void assertSame(Complex expected, Complex actual) {
        assertEquals(expected, actual, 0.0);
    }
}
