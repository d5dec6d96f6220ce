package shop;

public class PenShelfTest extends AbstractShelfTest {
    @Override
    protected void restock() {
        shelf.stock(new Item("pen", 100));
        shelf.stock(new Item("ink", 40));
    }

    @Override
    protected int expectedCount() {
        return 2;
    }
}
