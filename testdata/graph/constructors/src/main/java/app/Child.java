package app;

public class Child extends Base {
    public Child(int extra) {
        seed += extra;
    }
}
