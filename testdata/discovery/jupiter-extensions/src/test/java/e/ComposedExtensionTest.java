package e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

@Stamped
class ComposedExtensionTest {
    @Test
    void readsTheStamp() {
        assertEquals(42L, TimeExtension.seen);
    }
}
