package org.example.complex;

/** A small immutable complex number, after the motivating example of assertion slicing. */
public final class Complex {
    public static final Complex ONE = new Complex(1.0, 0.0);
    public static final Complex ZERO = new Complex(0.0, 0.0);
    public static final Complex I = new Complex(0.0, 1.0);
    public static final Complex NaN = new Complex(Double.NaN, Double.NaN);

    private final double real;
    private final double imaginary;
    private final transient boolean isNaN;

    public Complex(double real, double imaginary) {
        this.real = real;
        this.imaginary = imaginary;
        isNaN = Double.isNaN(real) || Double.isNaN(imaginary);
    }

    public double getReal() {
        return real;
    }

    public double getImaginary() {
        return imaginary;
    }

    public Complex negate() {
        if (isNaN) {
            return NaN;
        }
        return createComplex(-real, -imaginary);
    }

    public Complex plus(Complex other) {
        return new Complex(real + other.real, imaginary + other.imaginary);
    }

    public Complex multiply(Complex other) {
        if (isNaN || other.isNaN) {
            return NaN;
        }
        return createComplex(real * other.real - imaginary * other.imaginary,
                real * other.imaginary + imaginary * other.real);
    }

    public Complex exp() {
        if (isNaN) {
            return NaN;
        }
        double scale = FastMath.exp(real);
        return createComplex(scale * FastMath.cos(imaginary), scale * FastMath.sin(imaginary));
    }

    public double abs() {
        return Math.hypot(real, imaginary);
    }

    protected Complex createComplex(double realPart, double imaginaryPart) {
        return new Complex(realPart, imaginaryPart);
    }
}
