package e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

class RegisteredTest {
    @RegisterExtension
    static BaseExtension base = new TimeExtension();

    @Test
    void readsTheStamp() {
        assertEquals(42L, TimeExtension.seen);
    }

    @Test
    @ExtendWith(TimeExtension.class)
    void extendedAlone() {
        assertEquals(42L, TimeExtension.seen);
    }
}
