package e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(Hooks.Quiet.Hook.class)
class QualifiedTest {
    @Test
    void quiet() {
        assertEquals(1, 1);
    }

    @Test
    @ExtendWith(Hooks.Hook.class)
    void stamped() {
        assertEquals(42L, TimeExtension.seen);
    }
}
