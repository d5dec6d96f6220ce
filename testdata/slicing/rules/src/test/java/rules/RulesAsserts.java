package rules;

import org.junit.Assert;

/** A project assertion helper in test sources. */
public final class RulesAsserts {
    private RulesAsserts() {
    }

    public static void assertValue(int expected, Counter c) {
        Assert.assertEquals(expected, c.value());
    }
}
