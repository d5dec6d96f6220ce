package proofs;

/** Overloads plus with another parameter type: an unqualified plus(..) has two types. */
public class Coins implements Ring<Money> {
    static int made;

    @Override
    public Money plus(Money other) {
        return other;
    }

    public Coins plus(Coins other) {
        made++;
        return other;
    }

    public int cents() {
        return 0;
    }

    public int total(Coins other) {
        return plus(other).cents();
    }
}
