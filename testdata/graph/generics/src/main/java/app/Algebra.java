package app;

public class Algebra {
    public static Frac negSum(Frac a) {
        return a.add(Frac.one()).negate();
    }

    public static <T extends Elem<T>> T twice(T x) {
        return x.add(x);
    }

    public static Elem<?> negated(Box<?> box) {
        return box.get().negate();
    }
}
