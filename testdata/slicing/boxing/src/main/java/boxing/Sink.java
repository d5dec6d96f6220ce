package boxing;

import java.io.IOException;
import java.io.InputStream;

/** A sink whose one-argument writes differ in what they may change. */
public class Sink {
    private static InputStream last;
    private int count;

    public void write(int b) {
        count++;
    }

    public void write(InputStream in) throws IOException {
        last = in; // kept in static state: whatever reads it later
        count += in.read();
    }

    public int count() {
        return count;
    }

    public static boolean sawStream() {
        return last != null;
    }
}
