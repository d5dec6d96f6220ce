package cov;

class SmallSquareTest extends AbstractShapeTest {
    @Override
    int side() {
        return 1;
    }
}
