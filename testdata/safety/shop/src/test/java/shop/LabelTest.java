package shop;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class LabelTest {
    @Test
    public void printsThroughVarLocals() {
        var label = Label.in("EUR");
        var price = Price.of(250);
        assertEquals("EUR 2.50", label.print(price));
        Price typed = Price.of(3);
        assertEquals(3, typed.cents());
    }
}
