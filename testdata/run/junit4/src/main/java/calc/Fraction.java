package calc;

/** A fraction kept in lowest terms. */
public final class Fraction {
    private final long num;
    private final long den;

    public Fraction(long num, long den) {
        if (den == 0) {
            throw new ArithmeticException("zero denominator");
        }
        long g = gcd(Math.abs(num), Math.abs(den));
        long sign = den < 0 ? -1 : 1;
        this.num = sign * num / g;
        this.den = sign * den / g;
    }

    public Fraction plus(Fraction o) {
        return new Fraction(num * o.den + o.num * den, den * o.den);
    }

    public Fraction negate() {
        return new Fraction(num, den);
    }

    public double value() {
        return (double) num / den;
    }

    private static long gcd(long a, long b) {
        return b == 0 ? Math.max(a, 1) : gcd(b, a % b);
    }

    @Override
    public String toString() {
        return den == 1 ? Long.toString(num) : num + "/" + den;
    }
}
