package rebind;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A variable assigned again: the earlier value reaches no later reader, unless the assignment may not run. */
class RebindTest {
    @Test
    void aLaterAssignmentCutsTheFirstValueOff() {
        int n = Count.next(1);
        n = Count.next(2);
        assertEquals(2, n);
    }

    @Test
    void anAssignmentInABranchKeepsTheFirstValue() {
        int n = Count.next(1);
        if (n > 5) {
            n = Count.next(2);
        }
        assertEquals(1, n);
    }

    @Test
    void anAssignmentInALoopKeepsTheFirstValue() {
        int n = Count.next(1);
        for (int i = 0; i < n - 1; i++) {
            n = Count.next(2);
        }
        assertEquals(1, n);
    }

    @Test
    void aVarDeclarationIsKept() {
        var n = Count.next(1);
        n = Count.next(2);
        assertEquals(2, n);
    }

    @Test
    void anAssignmentInATryBodyKeepsWhatItsFinallyMayRead() {
        int n = Count.next(1);
        String[] seen = new String[1];
        try {
            n = Count.next(2);
        } finally {
            seen[0] = "n=" + n;
        }
        assertEquals("n=2", seen[0]);
        assertEquals(2, n);
    }

    @Test
    void aDeclarationInAnotherBlockIsAnotherVariable() {
        {
            final int v = Count.next(1);
            assertEquals(1, v);
        }
        {
            final int v = Count.next(2);
            assertEquals(2, v);
        }
    }
}
