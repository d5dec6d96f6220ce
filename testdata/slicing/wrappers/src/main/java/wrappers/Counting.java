package wrappers;

import java.io.OutputStream;

/** Counts the bytes written to it. */
public class Counting extends OutputStream {
    private int count;

    @Override
    public void write(int b) {
        count++;
    }

    public int count() {
        return count;
    }
}
