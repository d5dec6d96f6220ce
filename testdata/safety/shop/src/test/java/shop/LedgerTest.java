package shop;

import static org.junit.Assert.assertEquals;

import java.util.Map;
import org.junit.Test;

public class LedgerTest {
    /** Not Map.Entry: a project class of the same simple name, out of Ledger's scope. */
    static final class Entry {
        final String note = "decoy";
    }

    @Test
    public void setValueThroughMapEntry() {
        Ledger ledger = new Ledger();
        Map.Entry<String, Integer> total = ledger.entrySet().iterator().next();
        total.setValue(5);
        assertEquals(5, (int) ledger.get("total"));
        assertEquals("decoy", new Entry().note);
    }
}
