package d;

class ComposedTest {
    @Fast
    void quick() {
    }

    @MoreCases
    void withCases(String s) {
    }

    @Deprecated
    void notATest() {
    }
}
