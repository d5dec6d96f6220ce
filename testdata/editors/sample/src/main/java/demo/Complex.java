package demo;

/** A complex number, immutable. */
public final class Complex {
    private final double re;
    private final double im;

    public Complex(double re, double im) {
        this.re = re;
        this.im = im;
    }

    public double re() {
        return re;
    }

    public double im() {
        return im;
    }

    public Complex negate() {
        return new Complex(-re, -im);
    }

    public Complex plus(Complex other) {
        return new Complex(re + other.re, im + other.im);
    }

    public double abs() {
        return Math.hypot(re, im);
    }
}
