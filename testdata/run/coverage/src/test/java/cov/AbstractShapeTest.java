package cov;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

abstract class AbstractShapeTest {
    abstract int side();

    @Test
    void area() {
        Shape s = Shape.square(side());
        assertEquals(side() * side(), s.area());
    }
}
