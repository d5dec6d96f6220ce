package app;

public class Service {
    private final Limits limits = new Limits();

    public int max() {
        return Limits.MAX;
    }

    public boolean full() {
        return limits.current >= Limits.MAX;
    }
}
