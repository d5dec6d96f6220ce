package cov;

import junit.framework.TestCase;

/** A JUnit 3 base class whose field initializer runs when each test object is built. */
public abstract class OldStyleBase extends TestCase {
    protected final int base = Modes.based(1);
}
