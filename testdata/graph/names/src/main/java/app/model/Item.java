package app.model;

public class Item {
    public int weight() {
        return 3;
    }
}
