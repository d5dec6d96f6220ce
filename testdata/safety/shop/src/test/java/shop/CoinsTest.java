package shop;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class CoinsTest {
    @Test
    public void twiceThroughTheInterface() {
        assertEquals(4, Sums.twice(new Coins(2)).count());
    }
}
