package app.model;

/** A decoy: Plane creates the other package's Line by its qualified name. */
public class Line {
    private final int len;

    public Line(int a, int b, double t) {
        len = 99;
    }

    public int length() {
        return len;
    }
}
