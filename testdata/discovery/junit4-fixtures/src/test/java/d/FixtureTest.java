package d;

import org.junit.Test;

public class FixtureTest extends BaseFixtureTest {
    @Override
    public void prepare() {
        Store.open();
    }

    @Test
    public void works() {
        org.junit.Assert.assertTrue(true);
    }
}
