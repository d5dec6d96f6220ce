package app;

/**
 * Like commons-numbers' BigFraction: an overload taking another reference type is declared
 * before the one that implements Num's add(T).
 */
public class BigFrac implements Num<BigFrac> {
    public BigFrac add(Money m) {
        return this;
    }

    @Override
    public BigFrac add(BigFrac other) {
        return new BigFrac();
    }

    @Override
    public BigFrac negate() {
        return this;
    }
}
