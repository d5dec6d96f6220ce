package app.net;

public class Cell {
    final int weight;

    public Cell(int weight) {
        this.weight = weight;
    }

    public Cell copy() {
        return new Cell(weight);
    }

    public int position() {
        return weight;
    }
}
