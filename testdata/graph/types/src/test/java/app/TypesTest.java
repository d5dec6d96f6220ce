package app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TypesTest {
    @Test
    void instanceofCheck() {
        Object o = "x";
        assertTrue(!(o instanceof Widget));
    }
}
