package shop;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

/** Tests inherited by every kind of shelf: the hook decides what is on the shelf. */
public abstract class AbstractShelfTest {
    protected final Shelf shelf = new Shelf();

    /** Fills the shelf; the base stocks nothing, subclasses override. */
    protected void restock() {
    }

    protected abstract int expectedCount();

    @Test
    public void counts() {
        restock();
        assertEquals(expectedCount(), shelf.count());
    }

    @Test
    public void labels() {
        assertEquals("shelf", shelf.label());
    }
}
