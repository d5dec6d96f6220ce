package rules;

import junit.framework.TestCase;

/** A project superclass of JUnit 3 tests without tests of its own. */
public abstract class BaseCase extends TestCase {
    protected Counter make(int v) {
        return new Counter(v);
    }
}
