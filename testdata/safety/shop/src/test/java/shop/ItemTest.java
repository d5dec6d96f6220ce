package shop;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class ItemTest {
    @Test
    public void plainPrice() {
        Item pen = new Item("pen", 100);
        assertEquals(100, pen.price());
        assertEquals(125, pen.priceWithTax());
    }

    @Test
    public void discount() {
        Item pen = new Item("pen", 100);
        pen.setDiscount(10);
        assertEquals(90, pen.price());
    }

    @Test
    public void bundlePrice() {
        Item ink = new Item("ink", 40);
        Item pen = new Bundle("pen+ink", 100, ink);
        assertEquals(120, pen.price());
        assertEquals("ink", ink.name());
    }

    @Test
    public void printable() {
        Item pen = new Item("pen", 100);
        assertEquals("pen@100", "" + pen);
    }
}
