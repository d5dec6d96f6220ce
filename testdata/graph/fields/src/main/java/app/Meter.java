package app;

public class Meter extends Limits {
    public int read() {
        return current;
    }
}
