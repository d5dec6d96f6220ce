package shop;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;

import org.junit.Before;
import org.junit.Test;

public class CartTest {
    private Cart cart;
    private Item pen;
    private Item ink;

    @Before
    public void setUp() {
        cart = new Cart();
        pen = new Item("pen", 100);
        ink = new Item("ink", 42);
    }

    @Test
    public void total() {
        cart.add(pen);
        cart.add(ink);
        assertEquals(140, cart.total());
    }

    @Test
    public void cheapest() {
        cart.add(pen);
        cart.add(ink);
        assertSame(ink, cart.cheapest());
    }

    @Test
    public void count() {
        cart.add(pen);
        assertEquals(1, cart.count());
    }

    @Test
    public void describe() throws Exception {
        cart.add(pen);
        assertEquals("pen", cart.describe());
        assertEquals("pen", cart.byReflection("name"));
    }
}
