package rules;

/** Runs the contract with one counter shared by every create(). */
public class SharedContractTest extends AbstractContractTest {
    private static final Counter SHARED = new Counter();

    @Override
    protected Counter create() {
        return SHARED;
    }
}
