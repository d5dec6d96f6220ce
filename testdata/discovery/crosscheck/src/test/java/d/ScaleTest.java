package d;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ScaleTest {
    @Test
    void scales() {
        assertEquals(10, new Meter().scale());
    }
}
