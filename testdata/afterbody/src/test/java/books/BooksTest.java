package books;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.junit.After;
import org.junit.Test;

public class BooksTest {
    @After
    public void noneLeftOpen() {
        assertTrue(Books.allClosed());
    }

    @Test
    public void opensAndCloses() {
        Books.open("a");
        assertEquals(1, Books.openCount());
        Books.close("a");
        assertEquals(4, Books.twice(2));
    }

    @Test
    public void doubles() {
        assertEquals(6, Books.twice(3));
    }
}
