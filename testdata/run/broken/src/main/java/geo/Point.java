package geo;

/** An integer point. */
public record Point(int x, int y) {
    public int manhattan() {
        return Math.abs(x) + Math.abs(y);
    }
}
