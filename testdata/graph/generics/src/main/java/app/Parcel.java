package app;

public class Parcel {
    public int weight() {
        return 1;
    }
}
