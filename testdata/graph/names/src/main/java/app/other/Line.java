package app.other;

public class Line {
    private final int len;

    public Line(int a, int b, double t) {
        len = Math.abs(b - a);
    }

    public int length() {
        return len;
    }
}
