package cov;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CalcTest {
    static Calc shared;
    Calc c;

    @BeforeAll
    static void all() {
        shared = new Calc(100);
    }

    @BeforeEach
    void setUp() {
        c = new Calc(1);
    }

    @AfterEach
    void tearDown() {
        c.twice(0);
    }

    @Test
    void adds() {
        int r = c.add(2);
        assertEquals(3, r);
    }

    @Test
    void lambdas() {
        assertEquals(4,
            c.lazy(2));
    }

    @Test
    void anonymous() {
        int[] box = new int[1];
        c.job(box).run();
        assertEquals(2, box[0]);
    }

    @Test
    void threads() throws Exception {
        assertEquals(6, c.inThread(3));
    }

    @Test
    void fails() {
        assertEquals(5, c.add(1));
        c.twice(7);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void many(int x) {
        assertEquals(x + 1, c.add(x));
    }

    @Test
    void statics() {
        Calc.NOOP.run();
    }

    @Test
    void newOnItsOwnLine() {
        Calc made =
                new Calc(c.add(0) > 0 ? 1 : 2);
        assertEquals(made.add(0) + 1, made.add(1));
    }
}
