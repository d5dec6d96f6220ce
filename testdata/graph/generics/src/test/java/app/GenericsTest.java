package app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class GenericsTest {
    @Test
    void typeParametersInBodies() {
        assertEquals(0, new Pairs<String, Integer>().count(new java.util.HashMap<>()));
        assertEquals(0, new Pairs<String, Integer>().same(new java.util.HashMap<>()));
    }

    @Test
    void fieldNamedLikeATypeParameter() {
        assertEquals(7, new Pairs<String, Integer>().seven());
    }

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

    @Test
    void chainOnAnFBoundedVariable() {
        assertEquals(-4, Algebra.twiceNegated(new Money(2)).cents);
        assertEquals(4.0, Algebra.realSum(new Money(2)));
        assertEquals(3.0, Algebra.viaMoney(new Money(2)));
    }
}
