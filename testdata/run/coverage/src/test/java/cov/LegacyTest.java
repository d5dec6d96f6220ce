package cov;

import static org.junit.Assert.assertEquals;

import org.junit.After;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Test;

public class LegacyTest {
    private Calc c;

    @BeforeClass
    public static void once() {
        Calc.seed();
    }

    @Before
    public void setUp() {
        c = new Calc(2);
    }

    @After
    public void tearDown() {
        c.twice(1);
    }

    @Test
    public void adds() {
        assertEquals(4, c.add(2));
    }

    @Test(timeout = 60000)
    public void addsInTime() {
        assertEquals(5, c.add(3));
    }
}
