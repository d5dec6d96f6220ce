package demo;

/** A complex number; the fixture of the language server's end-to-end tests. */
public class Complex {
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

    public Complex plus(Complex o) {
        return new Complex(re + o.re, im + o.im);
    }

    public double abs() {
        return Math.hypot(re, im);
    }
}
