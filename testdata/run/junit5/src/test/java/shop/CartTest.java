package shop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CartTest {
    @Test
    void totalsItems() {
        Cart c = new Cart().add(150).add(250);
        assertEquals(400, c.total());
    }

    @Test
    void appliesDiscount() {
        Cart c = new Cart().add(1000);
        assertEquals(900, c.discounted(10));
    }

    @ParameterizedTest
    @CsvSource({"100, 100", "100;200, 300", "5;5;5, 15"})
    void totalsMany(String items, int expected) {
        Cart c = new Cart();
        for (String s : items.split(";")) {
            c.add(Integer.parseInt(s.trim()));
        }
        assertEquals(expected, c.total());
    }
}
