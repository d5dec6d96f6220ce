package org.example.complex;

/** A small immutable complex number, after the motivating example of assertion slicing. */
public final class Complex {
    public static final Complex ONE = new Complex(1.0, 0.0);
    public static final Complex ZERO = new Complex(0.0, 0.0);
    public static final Complex I = new Complex(0.0, 1.0);

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

    public Complex negate() {
        return new Complex(-real, -imaginary);
    }

    public Complex plus(Complex other) {
        return new Complex(real + other.real, imaginary + other.imaginary);
    }

    public Complex multiply(Complex other) {
        return new Complex(real * other.real - imaginary * other.imaginary,
                real * other.imaginary + imaginary * other.real);
    }

    public Complex exp() {
        double scale = Math.exp(real);
        return new Complex(scale * Math.cos(imaginary), scale * Math.sin(imaginary));
    }

    public double abs() {
        return Math.hypot(real, imaginary);
    }
}
