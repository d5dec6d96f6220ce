package d;

import org.junit.Ignore;
import org.junit.Test;

@Ignore
public class IgnoredClassTest {
    @Test
    public void never() {
    }
}
