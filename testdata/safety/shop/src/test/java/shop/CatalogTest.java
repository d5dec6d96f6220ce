package shop;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class CatalogTest {
    @Test
    public void stickersAreMadeFromTheirClass() throws Exception {
        assertEquals("sale", new Sticker().text());
        Sticker made = Catalog.make(Sticker.class);
        assertEquals("sale", made.text());
    }
}
