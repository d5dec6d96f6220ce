package e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** No extension on the class: only the method registers one. */
class PlainTest {
    @Test
    void plain() {
        assertEquals(1, 1);
    }

    @Test
    @ExtendWith(TimeExtension.class)
    void extendedAlone() {
        assertEquals(42L, TimeExtension.seen);
    }

    /** A project annotation carrying @ExtendWith (like jodd's @DisabledOnJava) on the method. */
    @Test
    @Stamped
    void stampedAlone() {
        assertEquals(42L, TimeExtension.seen);
    }
}
