package demo;

/** Counts; changed on disk (not in the editor) by the end-to-end tests. */
public class Counter {
    private int n;

    public void add(int k) {
        n += k;
    }

    public int value() {
        return n;
    }
}
