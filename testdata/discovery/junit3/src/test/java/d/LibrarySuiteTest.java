package d;

import junit.framework.Test;
import junit.framework.TestCase;
import junit.framework.TestSuite;

public final class LibrarySuiteTest extends TestCase {
    public static Test suite() {
        TestSuite suite = new TestSuite();
        suite.addTest(new TestSuite(Square.class));
        return suite;
    }
}
