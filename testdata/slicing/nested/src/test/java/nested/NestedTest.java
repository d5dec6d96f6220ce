package nested;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Calls on a nested builder reach its own methods, not its enclosing class's. */
class NestedTest {
    @Test
    void aChainThroughTheBuilderIsTypedByTheBuilder() {
        Flag plain = Flag.builder("p").get();
        Flag withArg = Flag.builder("a").hasArg().get();
        assertFalse(plain.hasArg());
        assertTrue(withArg.hasArg());
        assertEquals("p", plain.name());
    }

    @Test
    void anUnqualifiedCallReachesTheEnclosingClass() {
        int before = Flag.made();
        Flag flag = Flag.builder("c").hasArg().get();
        assertEquals(before + 1, Flag.made());
        assertTrue(flag.hasArg());
    }

    @Test
    void aSetterReturningTheTypeVariableIsTypedByTheReceiver() {
        int before = LoudPane.asked();
        int area = new Pane().size(3).area();
        assertEquals(before, LoudPane.asked());
        assertEquals(9, area);
    }

    @Test
    void theBoundBuilderRunsItsOwnMethods() {
        int before = LoudPane.asked();
        int area = new LoudPane().size(2).area();
        assertEquals(before + 1, LoudPane.asked());
        assertEquals(4, area);
    }
}
