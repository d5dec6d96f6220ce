package p;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.junit.FixMethodOrder;
import org.junit.Test;
import org.junit.runners.MethodSorters;

/** The first test leaves strict mode on; the second fails after it, and passes alone. */
@FixMethodOrder(MethodSorters.NAME_ASCENDING)
public class SettingsTest {
    @Test
    public void a1LeavesStrictOn() {
        Settings.setStrict(true);
        assertTrue(Settings.strict());
    }

    @Test
    public void b2ParsesEmpty() {
        assertEquals(0, Settings.parse(""));
    }
}
