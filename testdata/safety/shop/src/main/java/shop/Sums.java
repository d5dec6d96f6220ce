package shop;

/** Generic sums over adders, like commons-numbers' AbstractField. */
public final class Sums {
    private Sums() {
    }

    public static <T extends Adder<T>> T twice(T x) {
        return x.plus(x);
    }
}
