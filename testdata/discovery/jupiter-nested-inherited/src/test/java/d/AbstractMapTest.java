package d;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

public abstract class AbstractMapTest {
    @Test
    void puts() {
    }

    @Nested
    public class EntrySetTest {
        @Test
        void iterates() {
        }

        @Test
        void removes() {
        }
    }
}
