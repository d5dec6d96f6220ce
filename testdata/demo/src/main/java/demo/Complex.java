package demo;

/** An immutable complex number. */
public final class Complex {
    private final double real;
    private final double imaginary;

    public Complex(double real, double imaginary) {
        this.real = real;
        this.imaginary = imaginary;
    }

    public double getReal() {
        return real;
    }

    public double getImaginary() {
        return imaginary;
    }

    /** Returns -this. */
    public Complex negate() {
        return new Complex(-real, -imaginary);
    }

    public Complex add(Complex other) {
        return new Complex(real + other.real, imaginary + other.imaginary);
    }

    public Complex multiply(Complex other) {
        return new Complex(real * other.real - imaginary * other.imaginary,
                real * other.imaginary + imaginary * other.real);
    }

    /** e to the power of this. */
    public Complex exp() {
        double scale = Math.exp(real);
        return new Complex(scale * Math.cos(imaginary), scale * Math.sin(imaginary));
    }

    public double abs() {
        return Math.hypot(real, imaginary);
    }

    @Override
    public String toString() {
        return "(" + real + ", " + imaginary + ")";
    }
}
