package app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class GenericsTest {
    @Test
    void chainOnBoundResult() {
        assertEquals(-3, Algebra.negSum(new Frac(2)).n);
    }

    @Test
    void typeVariableByItsBound() {
        assertEquals(4, Algebra.twice(new Dec(2)).v);
    }

    @Test
    void resultOfAGenericClassByTheBound() {
        assertEquals(-1, ((Dec) Algebra.negated(new Box<>(new Dec(1)))).v);
    }
}
