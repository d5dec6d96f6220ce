package shop;

/** A receipt printed into a buffer: its lines, then "end" when it is closed. */
public class Receipt implements AutoCloseable {
    private final StringBuilder out;
    private int lines;

    public Receipt(StringBuilder out) {
        this.out = out;
    }

    public void line(String text) {
        out.append(text).append(';');
        lines++;
    }

    public int lines() {
        return lines;
    }

    @Override
    public String toString() {
        return "lines=" + lines;
    }

    @Override
    public void close() {
        out.append("end");
    }
}
