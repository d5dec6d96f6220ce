package d;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Suite;

@RunWith(Suite.class)
@Suite.SuiteClasses({OuterTest.class})
public class AllSuite {
    @Test
    public void notRunBySuiteRunner() {
    }
}
