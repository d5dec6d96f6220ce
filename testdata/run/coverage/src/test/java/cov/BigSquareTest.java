package cov;

class BigSquareTest extends AbstractShapeTest {
    @Override
    int side() {
        return 10;
    }
}
