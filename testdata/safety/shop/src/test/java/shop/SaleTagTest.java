package shop;

public class SaleTagTest extends AbstractTagTest {
    @Override
    protected Tag makeTag() {
        return new Tag("sale");
    }
}
