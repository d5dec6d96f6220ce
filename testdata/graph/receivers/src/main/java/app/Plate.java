package app;

public class Plate {
    public String show() {
        return "[" + toString() + "]";
    }
}
