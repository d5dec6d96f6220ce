package app;

public class Widget {
    public int spin() {
        return 1;
    }
}
