package d;

import org.junit.jupiter.api.Assertions;

/**
 * Deliberately outside static discovery: the JUnit 4 annotation is written fully
 * qualified in a file that imports Jupiter, so discovery reads it as Jupiter's @Test, under
 * which the un-annotated override in MeterTest is no test. JUnit 4 runs that override.
 */
public abstract class BaseCheck {
    @org.junit.Test
    public abstract void reads();

    protected void same(int want, int got) {
        Assertions.assertEquals(want, got);
    }
}
