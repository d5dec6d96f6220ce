package app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class DispatchTest {
    @Test
    void overrideInSubtype() {
        Shape s = Shape.make("circle");
        assertEquals(Math.PI, s.area(), 1e-9);
    }

    @Test
    void inheritedDeclaration() {
        Square sq = new Square(2);
        assertEquals(0, sq.area(), 1e-9);
    }

    @Test
    void interfaceDefault() {
        assertEquals("anonymous", new Dog().name());
    }

    @Test
    void implementedBySuperclass() {
        Runner r = FastRunner.create();
        assertEquals(1, r.run());
    }
}
