package calc;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class FractionTest {
    @Test
    public void addsHalves() {
        Fraction f = new Fraction(1, 2).plus(new Fraction(1, 2));
        assertEquals("1", f.toString());
    }

    @Test
    public void negatesValue() {
        Fraction f = new Fraction(3, 4);
        assertEquals(-0.75, f.negate().value(), 1e-9);
    }
}
