package disp;

import java.io.FilterInputStream;
import java.io.InputStream;

/** A stream keeping the stream it wraps in FilterInputStream's field. */
public final class Wrapped extends FilterInputStream {
    public Wrapped(InputStream in) {
        super(in);
    }

    /** A stream made here, wrapping one made here: shares nothing. */
    public static int fresh() {
        Wrapped w = new Wrapped(new java.io.ByteArrayInputStream(new byte[] {1}));
        return w.markSupported() ? 1 : 0;
    }
}
