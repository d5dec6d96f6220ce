package wrappers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;

import org.junit.jupiter.api.Test;

/**
 * A JDK wrapper keeps what it wraps and does nothing else until asked; the import names the
 * JDK class, not the project class of that name.
 */
class WrappersTest {
    @Test
    void wrappingChangesNothingElse() throws IOException {
        Counting sink = new Counting();
        Counting other = new Counting();
        int made = wrappers.own.BufferedOutputStream.made();
        BufferedOutputStream out = new BufferedOutputStream(sink);
        assertEquals(0, other.count());
        assertEquals(made, wrappers.own.BufferedOutputStream.made()); // the import names java.io's
        out.write(1);
        out.flush();
        assertEquals(1, sink.count());
    }

    @Test
    void anObjectStreamWritesItsHeaderWhenMade() throws IOException {
        Counting sink = new Counting();
        ObjectOutputStream out = new ObjectOutputStream(sink);
        assertEquals(4, sink.count());
        out.close();
    }
}
