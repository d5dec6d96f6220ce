package app;

/** Near-miss: a constant whose construction divides can fail the initialization of the whole enum. */
public enum Ratio {
    HALF(1, 2),
    BROKEN(1, 0);

    private final int percent;

    Ratio(int part, int whole) {
        this.percent = 100 * part / whole;
    }

    public int percent() {
        return percent;
    }
}
