package app;

public class BaseRunner {
    public int run() {
        return 1;
    }
}
