package app;

public class Base {
    protected int seed = Seeds.first();

    public Base() {
    }

    public int seed() {
        return seed;
    }
}
