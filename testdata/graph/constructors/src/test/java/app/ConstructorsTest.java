package app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Test;

class ConstructorsTest {
    @Test
    void superChainAndInitializers() {
        assertEquals(8, new GrandChild().seed());
    }

    @Test
    void implicitDefaultConstructor() {
        assertNotNull(new Plain().log);
    }

    @Test
    void staticInitializerReachesUsers() {
        assertEquals("v", Config.get("k"));
    }
}
