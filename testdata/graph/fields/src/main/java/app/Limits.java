package app;

public class Limits {
    public static final int MAX = Sizes.compute();
    public int current;
}
