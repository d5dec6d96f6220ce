package shop;

public class EmptyShelfTest extends AbstractShelfTest {
    @Override
    protected int expectedCount() {
        return 0;
    }
}
