package demo;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class MultiplyTest {
    @Test
    public void multiplyByI() {
        Complex i = new Complex(0.0, 1.0);
        Complex r = i.multiply(i);
        assertEquals(-1.0, r.getReal(), 1e-9);
        assertEquals(0.0, r.getImaginary(), 1e-9);
    }
}
