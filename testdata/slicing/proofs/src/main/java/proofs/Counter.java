package proofs;

/** Static state the tests read: how often counting code ran. */
public final class Counter {
    static int count;

    private Counter() {
    }

    public static int count() {
        return count;
    }

    public static void add(int n) {
        count += n;
    }
}
