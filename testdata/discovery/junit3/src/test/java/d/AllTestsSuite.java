package d;

import junit.framework.Test;
import junit.framework.TestSuite;
import org.junit.runner.RunWith;
import org.junit.runners.AllTests;

/** JUnit 4's AllTests runner runs what suite() builds: no TestCase needed. */
@RunWith(AllTests.class)
public class AllTestsSuite {
    public static Test suite() {
        TestSuite suite = new TestSuite();
        suite.addTest(new TestSuite(Square.class));
        return suite;
    }
}
