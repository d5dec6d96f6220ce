package shop;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class StampTest {
    @Test
    public void localSubclassesRunTheConstructor() {
        class Gold extends Stamp {
        }
        class Platinum extends Gold {
        }
        int before = 3;
        assertEquals(before, new Gold().value());
        assertEquals(before, new Platinum().value());
        assertEquals(before, new Gold() { }.value());
    }
}
