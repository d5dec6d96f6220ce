package held;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.ExpectedException;

/** A body that ends in an expected failure: code after it sees what printing the values did. */
public class ExpectedFailureTest {
    @Rule
    public ExpectedException thrown = ExpectedException.none();

    private int before;

    @After
    public void printedOnFailure() {
        assertTrue(Counter.made > before);
    }

    @Test
    public void failsAsExpected() {
        before = Counter.made;
        Loud loud = new Loud();
        thrown.expect(AssertionError.class);
        assertEquals("quiet", loud);
    }
}
