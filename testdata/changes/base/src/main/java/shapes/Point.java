package shapes;

public record Point(int x, int y) {
    public Point {
        if (x < 0) throw new IllegalArgumentException("x");
    }

    public int manhattan() {
        return Math.abs(x) + Math.abs(y);
    }
}
