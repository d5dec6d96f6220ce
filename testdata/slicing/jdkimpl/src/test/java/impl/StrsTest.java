package impl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.Collections;
import java.util.List;

import org.junit.Test;

public class StrsTest {
    @Test
    public void texts() {
        Text t = new Text("a");
        assertFalse(Strs.isEmpty(t));
        assertTrue(Strs.isEmpty(""));
        assertFalse(Strs.isEmpty("b"));
    }

    @Test
    public void collected() {
        int before = Tally.calls;
        assertEquals(2, Strs.distinctCount("a", "b", "a"));
        assertEquals(before, Tally.calls);
        assertEquals(1, Strs.copiedCount(new Tally()));
        assertTrue(Tally.calls > before);
    }

    @Test
    public void wordsEveryOverrideSplitsAreTheJDKs() {
        int before = Tally.calls;
        Splitter reversed = new Splitter("a b") {
            @Override
            protected List<String> split(String s) {
                List<String> out = super.split(s);
                Collections.reverse(out);
                return out;
            }
        };
        int n = reversed.count();
        assertEquals(before, Tally.calls);
        assertEquals(2, n);
    }

    @Test
    public void partsAnOverrideTalliesRunItsCode() {
        int before = Tally.calls;
        TallySplitter tallied = new TallySplitter("a b") {
            @Override
            protected List<String> split(String s) {
                return new Tally();
            }
        };
        int n = tallied.count();
        assertEquals(before + 1, Tally.calls);
        assertEquals(1, n);
    }

    @Test
    public void tallies() {
        int before = Tally.calls;
        Tally t = new Tally();
        assertEquals(1, Strs.count(t));
        assertEquals(before + 1, Tally.calls);
    }

    @Test
    public void aListAHelperMakesRunsNoProjectCode() {
        int before = Tally.calls;
        int n = Lineage.count("a");
        assertEquals(before, Tally.calls);
        assertEquals(1, n);
    }

    @Test
    public void aProjectListAHelperMakesRunsItsCode() {
        int before = Tally.calls;
        int n = Lineage.countTallied();
        assertEquals(before + 1, Tally.calls);
        assertEquals(1, n);
    }

    @Test
    public void aJDKSetGivenToAHelperRunsNoProjectCode() {
        int before = Tally.calls;
        int n = Lineage.distinct("a", "a");
        assertEquals(before, Tally.calls);
        assertEquals(1, n);
    }

    @Test
    public void aProjectListGivenToAHelperRunsItsCode() {
        int before = Tally.calls;
        int n = Lineage.sizedTally();
        assertEquals(before + 1, Tally.calls);
        assertEquals(1, n);
    }

    @Test
    public void aProjectSetGivenToAHelperRunsItsCode() {
        int before = Tally.calls;
        int n = Lineage.distinctTallied("a");
        assertEquals(before + 1, Tally.calls);
        assertEquals(0, n);
    }
}
