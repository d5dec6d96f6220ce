package wrappers.own;

import java.io.OutputStream;

/** The project's own BufferedOutputStream: making one counts it in static state. */
public class BufferedOutputStream extends OutputStream {
    private static int made;
    private final OutputStream out;

    public BufferedOutputStream(OutputStream out) {
        this.out = out;
        made++;
    }

    public static int made() {
        return made;
    }

    @Override
    public void write(int b) throws java.io.IOException {
        out.write(b);
    }
}
