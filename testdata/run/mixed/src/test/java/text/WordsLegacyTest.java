package text;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class WordsLegacyTest {
    @Test
    public void capitalizesFirstLetter() {
        assertEquals("Hello", Words.capitalize("hello"));
    }

    @Test
    public void countsWords() {
        assertEquals(3, Words.count(" a b  c "));
    }
}
