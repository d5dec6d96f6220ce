package d;

import junit.framework.Test;
import junit.framework.TestCase;
import junit.framework.TestSuite;

public class SuiteTest extends TestCase {
    public static Test suite() {
        return new TestSuite(SuiteTest.class);
    }

    public void testOne() {
    }
}
