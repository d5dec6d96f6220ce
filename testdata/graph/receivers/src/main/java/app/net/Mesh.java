package app.net;

/** Calls on array elements are typed by the array's element type. */
public class Mesh {
    private final Cell[] cells = {new Cell(1), new HeavyCell(2)};
    private final Cell[][] layers = {{new Cell(3)}};
    String[] names = {" 1 "};

    /** An indexed field: a Cell, so Cell#copy and its overrides, not every copy(). */
    public Cell first() {
        return cells[0].copy();
    }

    /** Indexed twice: still a Cell. */
    public int corner() {
        return layers[0][0].position();
    }

    /** An indexed local. */
    public static int weightOf(Cell[] row, int i) {
        Cell[] copy = row;
        return copy[i].copy().position();
    }

    /** A library element (String): no project trim() is called. */
    public String sizeText() {
        return names[0].trim();
    }

    /** A call result indexed: cellsOf() is a Cell[], so a Cell. */
    public Cell fromCall() {
        return cellsOf()[0].copy();
    }

    /** A C-style array local: row is a Cell[]. */
    public int cStyle() {
        Cell row[] = cells;
        return row[0].position();
    }

    /** A parenthesised call result is that call's result. */
    public int parenthesised() {
        return (first()).position() + (new Cell(4)).position();
    }

    /** A conditional is not followed: matched by name, as before. */
    public Cell either(boolean f) {
        return (f ? cells[0] : cells[1]).copy();
    }

    private Cell[] cellsOf() {
        return cells;
    }
}
