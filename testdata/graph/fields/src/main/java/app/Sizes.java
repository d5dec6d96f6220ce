package app;

public class Sizes {
    public static int compute() {
        return 10;
    }
}
