package eff;

import java.math.BigInteger;

/** An immutable fraction over the JDK's big integers. */
public final class Ratio {
    private final BigInteger num;
    private final BigInteger den;

    public Ratio(BigInteger num, BigInteger den) {
        this.num = num;
        this.den = den;
    }

    /** Calls on a BigInteger give BigIntegers: comparing what they give changes nothing. */
    public boolean sameAs(Ratio o) {
        return num.abs().equals(o.num.abs()) && den.equals(o.den);
    }

    /** BigInteger.ONE is an immutable constant. */
    public boolean whole() {
        return BigInteger.ONE.equals(den);
    }

    /** Parentheses around a chain only group it. */
    public BigInteger crossSum(Ratio o) {
        return (num.multiply(o.den)).add(o.num.multiply(den));
    }

    /** These parentheses are pick's: count runs on the Calc pick returns, and counts. */
    public int picked() {
        return pick(num).twice(1);
    }

    private static Calc pick(BigInteger n) {
        return new Calc();
    }

    /** A var local holds what its call returns, a Ratio here: its own calls read it. */
    public boolean sameReduced(Ratio o) {
        var mine = reduced();
        return mine.sameAs(o) && mine.whole();
    }

    /** …a Calc there, whose twice counts. */
    public int pickedLater() {
        var calc = pick(den);
        return calc.twice(2);
    }

    private Ratio reduced() {
        return this;
    }
}
