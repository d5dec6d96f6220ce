package cov;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class InitTest {
    @Test
    void nestedInitializations() {
        assertEquals(2, Registry.size());
    }
}
