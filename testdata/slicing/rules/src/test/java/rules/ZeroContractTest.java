package rules;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class ZeroContractTest extends AbstractContractTest {
    @Override
    protected Counter create() {
        return new Counter();
    }

    @Test
    public void zero() {
        assertEquals(0, create().value());
    }
}
