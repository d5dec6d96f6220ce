package spin;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SpinnerTest {
    @Test
    void spinsForever() {
        assertTrue(new Spinner().spin() > 0);
    }
}
