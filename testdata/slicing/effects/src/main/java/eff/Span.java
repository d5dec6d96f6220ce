package eff;

/** Final fields of values, but the class is not final: a subclass may add state. */
public class Span {
    private final int from;
    private final int to;

    public Span(int from, int to) {
        this.from = from;
        this.to = to;
    }

    public int length() {
        return to - from;
    }
}
