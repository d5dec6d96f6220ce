package d;

public class Meter {
    public int read() {
        return 42;
    }

    public int scale() {
        return 10;
    }
}
