package d;

import junitparams.JUnitParamsRunner;
import junitparams.Parameters;
import org.junit.Test;
import org.junit.runner.RunWith;

@RunWith(JUnitParamsRunner.class)
public class JUnitParamsTest {
    @Test
    @Parameters({"1", "2"})
    public void positive(int n) {
        org.junit.Assert.assertTrue(n > 0);
    }
}
