package eff;

/** A span that grows: its state can change. */
public class StretchSpan extends Span {
    private int extra;

    public StretchSpan() {
        super(0, 1);
    }

    public void grow() {
        extra++;
    }

    @Override
    public int length() {
        return super.length() + extra;
    }
}
