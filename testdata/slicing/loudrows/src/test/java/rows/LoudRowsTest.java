package rows;

import static org.junit.Assert.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.Test;

/**
 * The callbacks a class inherits from a library class run its own methods: AbstractList's
 * hashCode reads CountingRows through its get, Throwable's toString asks Oops for its
 * message. Both make a Counter, so hashing or printing them stays in the slice of the
 * assertion on Counter.made, whatever the static type of the value hashed or printed.
 */
public class LoudRowsTest {
    @Test
    public void hashingAListOfCountingRows() {
        List<Object> tables = new ArrayList<>();
        tables.add(new CountingRows());
        int before = Counter.made;
        int hash = tables.hashCode();
        assertEquals(before + 2, Counter.made);
        assertEquals(31 + (31 * (31 + 0) + 1), hash);
    }

    @Test
    public void hashingAnObjectThatCountsItsReads() {
        Object rows = new CountingRows();
        int before = Counter.made;
        int hash = rows.hashCode();
        assertEquals(before + 2, Counter.made);
        assertEquals(31 * (31 + 0) + 1, hash);
    }

    @Test
    public void printingAListOfExceptions() {
        List<Object> failures = new ArrayList<>();
        failures.add(new Oops());
        int before = Counter.made;
        String text = failures.toString();
        assertEquals(before + 1, Counter.made);
        assertEquals("[rows.Oops: oops]", text);
    }
}
