package app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ImplicitTest {
    @Test
    void stringConcatenation() {
        assertEquals("tag #a", Uses.label(new Tag("a")));
    }

    @Test
    void enhancedFor() {
        assertEquals(3, Uses.sum(new Range(3)));
    }

    @Test
    void tryWithResources() {
        assertEquals(1, Uses.use());
    }

    @Test
    void switchOnEnum() {
        assertEquals("r", Uses.name(Color.RED));
    }

    @Test
    void projectNumber() {
        assertEquals(7L, Uses.widen(new Amount()));
    }
}
