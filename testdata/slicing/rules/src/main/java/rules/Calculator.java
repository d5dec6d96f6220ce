package rules;

/** Pure arithmetic. */
public final class Calculator {
    public static int add(int a, int b) {
        return a + b;
    }

    public int square(int x) {
        return x * x;
    }
}
