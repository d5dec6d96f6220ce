package app;

public class Ops {
    public static int twice(int x) {
        return 2 * x;
    }

    public static int twice(int x, int y) {
        return 2 * x + y;
    }

    public int negate(int x) {
        return -x;
    }
}
