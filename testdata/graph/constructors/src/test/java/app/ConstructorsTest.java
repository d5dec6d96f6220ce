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

    @Test
    void readsConstantsOnly() {
        assertEquals("limits16", Limits.NAME + Limits.MAX);
    }

    @Test
    void readsBoxed() {
        assertEquals(5, Limits.BOXED);
    }

    @Test
    void readsNamedConstant() {
        assertEquals(Long.MAX_VALUE, Limits.LATER);
    }

    @Test
    void readsThrowingInitializer() {
        assertEquals(0, Limits.BROKEN);
    }

    @Test
    void readsMutable() {
        assertEquals(1, Limits.counter);
    }

    @Test
    void readsOrder() {
        assertEquals(3, Limits.ORDER[0]);
    }
}
