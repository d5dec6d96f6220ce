package shapes;

import java.io.IOException;

public class Util {
    static final int LIMIT = 10;
    int counter;
    private int unused;

    public static int clamp(int v) {
        return Math.min(v, LIMIT);
    }

    public int bump() {
        return ++counter;
    }

    public String read(String path) throws IOException {
        return path.trim();
    }

    @Deprecated
    public int legacy() {
        return 1;
    }
}
