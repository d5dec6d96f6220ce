package held;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** JUnit 5 takes the message last: the expected value comes first either way. */
class HeldJupiterTest {
    @Test
    void assertionRunsTheExpectedEquals() {
        int before = Counter.made;
        Agree agree = new Agree();
        assertEquals(new Nod(), agree, "message last");
        assertEquals(before, Counter.made);
        assertEquals(agree, new Nod(), "message last");
        assertEquals(before + 1, Counter.made);
    }

    @Test
    void arrayElementsCompareByTheExpectedOnes() {
        int before = Counter.made;
        Object[] agrees = { new Agree() };
        Object[] nods = { new Nod() };
        assertArrayEquals(new Object[] { new Nod(), }, agrees);
        assertArrayEquals(new String[][] { { "a" } }, new Object[][] { { "a" } });
        assertEquals(before, Counter.made);
        assertArrayEquals(new Object[] { new Agree() }, nods);
        assertEquals(before + 1, Counter.made);
    }

    @Test
    void staticArraysCompareByTheirElements() {
        int before = Counter.made;
        Object[] words = { "nod" };
        Object[] nods = { new Nod() };
        assertArrayEquals(Nod.WORDS, words);
        assertEquals(before, Counter.made);
        assertArrayEquals(Agree.ALL, nods);
        assertEquals(before + 1, Counter.made);
    }
}
