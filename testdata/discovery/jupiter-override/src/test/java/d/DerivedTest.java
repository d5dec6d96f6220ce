package d;

class DerivedTest extends BaseTest {
    @Override
    void check() {
    }
}
