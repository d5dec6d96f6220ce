package proofs;

/** Narrows getDomain() to Register, one of whose subclasses counts: mode() may write. */
public class Ledger implements Element {
    private final Register register;

    public Ledger(boolean counting) {
        register = counting ? new CountingRegister() : new Register();
    }

    @Override
    public Register getDomain() {
        return register;
    }

    public int rounding() {
        return getDomain().mode();
    }
}
