package app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OverloadsTest {
    @Test
    void closeModels() {
        Model a = new Model();
        Model b = new Model();
        assertTrue(Checks.close(a, b, 0.1));
    }

    @Test
    void showIntLiteral() {
        assertEquals("i5", Checks.show(5));
    }

    @Test
    void showLongLiteral() {
        assertEquals("l5", Checks.show(5L));
    }

    @Test
    void showBoxed() {
        Integer i = 5;
        assertEquals("o5", Checks.show(i));
    }

    @Test
    void showConcatenation() {
        assertEquals("sa1", Checks.show("a" + 1));
    }

    @Test
    void inheritedOverload() {
        assertEquals("i3", new Sub().put(3));
    }

    @Test
    void arrayFieldDeclaredOnTheName() {
        assertEquals(1, Series.constant(2).hash());
    }

    @Test
    void constructorByArgumentTypes() {
        double[] d = {1};
        assertEquals(1.0, new Vec(d, false).first());
    }

    @Test
    void constructorWithUnknownArguments() {
        assertEquals(1.0, new Vec(Sources.left(), Sources.right()).first());
    }

    @Test
    void showDoubleArithmetic() {
        double a = 2.5;
        double b = 1;
        assertEquals("d1.5", Checks.show(a - b));
    }

    @Test
    void showLongArithmetic() {
        int i = 3;
        long l = 4L;
        assertEquals("l12", Checks.show(-(i * l)));
    }

    @Test
    void showUntypedArithmetic() {
        assertEquals("i2", Checks.show(count() - 1));
    }

    private static int count() {
        return 3;
    }
}
