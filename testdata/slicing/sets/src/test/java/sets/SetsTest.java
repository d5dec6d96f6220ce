package sets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** A JDK set compares itself with another set by asking that set's size and elements. */
class SetsTest {
    @Test
    void jdkSetsAskTheOtherSet() {
        Set<String> counted = new CountingSet();
        int after = Counter.made;
        assertEquals(new HashSet<>(List.of("a")), counted);
        assertEquals(after + 1, Counter.made);
    }

    @Test
    void aSetMadeHereIsTheJdksOwn() {
        Set<String> plain = new HashSet<>(List.of("a"));
        Set<String> counted = new CountingSet();
        int after = Counter.made;
        assertEquals(new HashSet<>(List.of("a")), plain);
        assertEquals(after, Counter.made);
        assertTrue(plain.containsAll(counted));
        assertTrue(Counter.made > after);
    }

    @Test
    void aCopyAsksTheSetItCopies() {
        Set<String> counted = new CountingSet();
        int after = Counter.made;
        List<String> copy = new ArrayList<>(counted);
        assertTrue(Counter.made > after);
        assertEquals(1, copy.size());
    }
}
