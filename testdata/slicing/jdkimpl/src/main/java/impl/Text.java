package impl;

/** A project CharSequence whose methods only read. */
public final class Text implements CharSequence {
    private final String s;

    public Text(String s) {
        this.s = s;
    }

    @Override
    public int length() {
        return s.length();
    }

    @Override
    public char charAt(int i) {
        return s.charAt(i);
    }

    @Override
    public CharSequence subSequence(int a, int b) {
        return s.subSequence(a, b);
    }

    @Override
    public String toString() {
        return s;
    }
}
