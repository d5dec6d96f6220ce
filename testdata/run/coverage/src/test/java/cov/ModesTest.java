package cov;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ModesTest {
    @Test
    void costs() {
        assertEquals(1, Modes.cost(Modes.Mode.FAST));
    }
}
