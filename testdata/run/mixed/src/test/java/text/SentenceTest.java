package text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class SentenceTest {
    @Test
    void joinsWords() {
        Sentence s = new Sentence("hello", "world");
        assertEquals("Hello world", s.text());
    }

    @Test
    void countsItsWords() {
        assertEquals(2, new Sentence("one two").words());
    }

    @Nested
    class Empty {
        @Test
        void hasNoWords() {
            assertEquals(0, new Sentence("   ").words());
        }
    }
}
