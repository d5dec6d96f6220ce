package e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

@ExtendWith(ExtendedTest.Nested.class)
class ExtendedTest {
    static long seen;

    static class Nested implements BeforeEachCallback {
        @Override
        public void beforeEach(ExtensionContext context) {
            seen = Clock.now();
        }
    }

    @Test
    void readsWhatTheExtensionSet() {
        assertEquals(42L, seen);
    }
}
