package app.net;

/** Overrides copy(): an element typed Cell may be one. */
public class HeavyCell extends Cell {
    public HeavyCell(int weight) {
        super(weight);
    }

    @Override
    public Cell copy() {
        return new HeavyCell(weight + 1);
    }
}
