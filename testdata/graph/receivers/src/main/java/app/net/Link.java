package app.net;

public class Link {
    public Cell cell = new Cell(1);
}
