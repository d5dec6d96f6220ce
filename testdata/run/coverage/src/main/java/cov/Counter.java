package cov;

public class Counter {
    static int BASE = base();

    static int base() {
        return 1;
    }

    static int start() {
        return BASE + 1;
    }
}
