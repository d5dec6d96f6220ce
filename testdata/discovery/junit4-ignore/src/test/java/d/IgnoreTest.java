package d;

import org.junit.Ignore;
import org.junit.Test;

public class IgnoreTest {
    @Test
    public void runs() {
    }

    @Ignore("flaky")
    @Test
    public void skipped() {
    }
}
