package app;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** A stream wrapper: in is the InputStream it inherits from FilterInputStream. */
public class Tee extends FilterInputStream {
    public Tee(InputStream in) {
        super(in);
    }

    @Override
    public boolean markSupported() {
        return in.markSupported() && this.in.available() >= 0;
    }
}
