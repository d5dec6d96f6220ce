package rules;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import org.junit.Test;

/** Loops, ifs, tries with a catch are one statement each; blocks and resource tries are not. */
public class CompoundTest {
    @Test
    public void loopOnOneObject() {
        Counter a = new Counter();
        Counter b = new Counter(5);
        for (int i = 0; i < 3; i++) {
            a.increment();
        }
        assertEquals(3, a.value());
        assertEquals(5, b.value()); // the loop never touches b
    }

    @Test
    public void conditionalRebind() {
        int x = 1;
        Counter c = new Counter(x);
        if (c.value() > 0) {
            x = 2;
        }
        assertEquals(2, x); // both the declaration and the if may have set x
    }

    @Test
    public void assertionsInALoop() {
        Counter c = new Counter();
        Counter d = new Counter();
        for (int i = 0; i < 2; i++) {
            c.increment();
            assertTrue(c.value() > 0);
            assertTrue(c.value() < 3);
        }
        assertEquals(0, d.value());
    }

    @Test
    public void branchesSliced() {
        Counter a = new Counter();
        Counter b = new Counter(5);
        if (b.value() > 0) {
            a.increment();
            assertEquals(1, a.value()); // the condition, a and its increment
            assertEquals(5, b.value()); // the condition and b only
        } else if (b.value() < 0) {
            int shown = a.value();
            assertEquals(0, shown);
        } else {
            b.increment();
            assertEquals(6, b.value());
        }
        assertEquals(5, b.value()); // the else may have incremented b
    }

    @Test
    public void branchLocalsEndWithTheBranch() {
        Counter c = new Counter(2);
        if (c.value() > 1) {
            Counter d = new Counter(7);
            assertEquals(7, d.value());
        } else {
            Counter d = new Counter(8);
            assertEquals(8, d.value());
        }
        assertEquals(2, c.value());
    }

    @Test
    public void throwingBranchStaysWhole() {
        Counter c = new Counter(1);
        if (c.value() < 0) {
            throw new IllegalStateException("negative"); // a throw keeps the if one statement
        }
        assertEquals(1, c.value());
    }

    @Test
    public void earlyReturn() {
        Counter c = new Counter(1);
        if (c.value() > 0) {
            return; // every later statement depends on this if: no slices
        }
        assertEquals(99, c.value());
    }

    @Test
    public void tryAndBlock() {
        Service s = new Service();
        Counter c = new Counter();
        try {
            s.explode();
            fail("explode must throw");
        } catch (IllegalStateException expected) {
            c.increment();
        }
        {
            Counter scratch = new Counter(7);
            scratch.increment();
            assertEquals(8, scratch.value());
        }
        assertEquals(1, c.value());
    }

    @Test
    public void tryWithResources() throws Exception {
        Counter closed = new Counter();
        try (Ledger ledger = new Ledger(closed)) {
            ledger.add(2);
            assertEquals(2, ledger.total());
            Counter scratch = new Counter(1);
            scratch.increment();
            assertEquals(2, scratch.value()); // neither ledger.total() nor its assertion
        }
        assertEquals(1, closed.value()); // the implicit close changed it: the whole try
    }

    @Test
    public void implicitCloseChangesWhatFollows() throws Exception {
        Counter closed = new Counter();
        try (Ledger ledger = new Ledger(closed)) {
            assertEquals(0, closed.value());
        }
        assertEquals(1, closed.value()); // only the implicit close changed it
    }

    private final Counter tally = new Counter();

    @Test
    public void blockLocalsEndWithTheBlock() {
        {
            Counter tally = new Counter(3);
            assertEquals(3, tally.value());
        }
        bump();
        assertEquals(1, tally.value()); // the field again: it depends on bump()
    }

    private void bump() {
        tally.increment();
    }

    @Test
    public void forEachRunsTheIterator() {
        Feed feed = new Feed(2);
        int seen = 0;
        for (String item : feed) {
            seen++;
        }
        assertEquals(0, feed.left()); // the loop used the feed up
    }

    @Test
    public void forEachOverAList() {
        java.util.List<Counter> counters = new java.util.ArrayList<>();
        Counter other = new Counter(4);
        for (Counter c : counters) {
            c.increment();
        }
        assertEquals(4, other.value()); // the loop neither changes nor reaches other
    }

    @Test
    public void loopCarriesValues() {
        Counter c = new Counter();
        int last = -1;
        for (int i = 0; i < 3; i++) {
            assertEquals(i, last + 1); // reads what the next two statements did in the iteration before
            last = c.value();
            c.increment();
        }
    }

    @Test
    public void headerReadsTheBody() {
        int rounds = 0;
        Counter other = new Counter(9);
        for (int i = 0; i < 6; i++) {
            i++; // the header's variable: every slice of the loop runs it
            rounds++;
            assertTrue(rounds <= 3);
            assertEquals(9, other.value()); // the loop's header and this
        }
    }

    @Test
    public void loopWithBreakStaysWhole() {
        Counter c = new Counter();
        for (int i = 0; i < 10; i++) {
            c.increment();
            if (c.value() == 2) {
                break;
            }
            assertTrue(c.value() < 2);
        }
        assertEquals(2, c.value());
    }

    /** A helper named like the implicit close of a resource: close() calls are no assertions for it. */
    private void close() {
        assertEquals(0, 0);
    }
}
