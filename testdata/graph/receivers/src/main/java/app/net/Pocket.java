package app.net;

public class Pocket<T> {
    public int size() {
        return 0;
    }
}
