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

    /** add(..) on an F-bounded T returns a T again, though Num's own T has no bound. */
    public static <T extends Num<T>> T twiceNegated(T x) {
        return x.add(x).negate();
    }

    /** The same through the bound's super-interface: RealNum<T> extends Num<T>. */
    public static <T extends RealNum<T>> double realSum(T x) {
        return x.add(x).value();
    }

    /** A bound whose argument is another type: add(..) returns a Money, not a T. */
    public static <T extends Num<Money>> double viaMoney(T x) {
        return x.add(new Money(1)).value();
    }
}
