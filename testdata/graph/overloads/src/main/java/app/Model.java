package app;

public class Model {
    public int size() {
        return 1;
    }
}
