package proofs;

/** Narrows getDomain() to Digits (a covariant return): getDomain().mode() is typed by it. */
public class Decimal implements Element {
    private final Digits digits = new Digits();

    @Override
    public Digits getDomain() {
        return digits;
    }

    public int rounding() {
        return getDomain().mode();
    }
}
