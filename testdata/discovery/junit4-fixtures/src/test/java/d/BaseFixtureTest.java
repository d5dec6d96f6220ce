package d;

import org.junit.Before;

public abstract class BaseFixtureTest {
    @Before
    public void prepare() {
    }
}
