package boxing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/** A primitive argument picks the overloads a box can reach. */
class BoxingTest {
    @Test
    void anIntIsNoStream() {
        Sink sink = new Sink();
        Sink other = new Sink();
        int b = 7;
        sink.write(b);
        assertEquals(0, other.count());
        assertFalse(Sink.sawStream());
        assertEquals(1, sink.count());
    }

    @Test
    void anIntMayBeBoxedIntoATypeVariable() {
        Box<Integer> box = new Box<>();
        int v = 3;
        box.put(v);
        assertEquals(3, Box.lastPut());
    }

    @Test
    void anArrayConstantIsNoFunction() {
        int before = Names.made();
        String[] names = Names.or(null, Names.NONE);
        assertEquals(before, Names.made());
        assertEquals(0, names.length);
    }

    @Test
    void aFunctionConstantRuns() {
        int before = Names.made();
        Names.or(null, Names.COUNTED);
        assertEquals(before + 1, Names.made());
    }

    @Test
    void aLambdaIsNoInt() {
        int before = Copies.written();
        int[] from = {1, 2};
        int[] copy = Copies.copy(from, 0, 0, 2, () -> new int[2]);
        assertEquals(before, Copies.written());
        assertEquals(2, copy[1]);
    }

    @Test
    void fiveValuesCopyAndCount() {
        int before = Copies.written();
        int[] from = {1, 2};
        int[] into = new int[2];
        Copies.copy(from, 0, into, 0, 2);
        assertEquals(before + 1, Copies.written());
        assertEquals(2, into[1]);
    }
}
