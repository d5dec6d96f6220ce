package app;

public class Seed {
    static int value() {
        return 7;
    }
}
