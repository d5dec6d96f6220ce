package d;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

public class SanityMapTest extends AbstractMapTest {
    @Nested
    public class EntrySetTest extends AbstractMapTest.EntrySetTest {
        @Test
        @Override
        void removes() {
        }
    }
}
