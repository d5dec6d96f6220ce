package shop;

import static org.junit.Assert.assertTrue;

import org.junit.Test;

public class PairCountTest {
    @Test
    public void countsThroughTheCursor() {
        assertTrue(new PairCount().any(new Pairs<String>(2)));
    }
}
