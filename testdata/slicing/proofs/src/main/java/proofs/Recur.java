package proofs;

/** Recursive methods: one pure, one counting in static state. */
public final class Recur {
    private Recur() {
    }

    public static int fact(int n) {
        return n <= 1 ? 1 : n * fact(n - 1);
    }

    public static int even(int n) {
        return n == 0 ? 1 : odd(n - 1);
    }

    static int odd(int n) {
        return n == 0 ? 0 : even(n - 1);
    }

    public static int countDown(int n) {
        Counter.count++;
        return n <= 0 ? 0 : countDown(n - 1);
    }
}
