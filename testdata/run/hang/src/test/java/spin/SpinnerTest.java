package spin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SpinnerTest {
    @Test
    @Order(1)
    void finishesFirst() {
        assertEquals(2, 1 + 1);
    }

    @Test
    @Order(2)
    void spinsForever() {
        assertTrue(new Spinner().spin() > 0);
    }

    @Test
    @Order(3)
    void neverStarts() {
        assertEquals(4, 2 + 2);
    }
}
