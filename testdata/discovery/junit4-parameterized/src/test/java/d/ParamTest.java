package d;

import java.util.Arrays;
import java.util.Collection;
import org.junit.Test;
import org.junit.experimental.categories.Category;
import org.junit.runners.Parameterized.Parameters;

@Category(SlowTests.class)
public class ParamTest extends BaseParamTest {
    @Parameters
    public static Collection<Object[]> data() {
        return Arrays.asList(new Object[][] {{1}, {2}});
    }

    private final int n;

    public ParamTest(int n) {
        this.n = n;
    }

    @Test
    public void positive() {
        org.junit.Assert.assertTrue(n > 0);
    }
}
