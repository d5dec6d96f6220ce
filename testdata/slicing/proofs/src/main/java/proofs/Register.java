package proofs;

/** A domain whose setting a subclass reads while counting. */
public class Register implements Domain {
    @Override
    public int size() {
        return 2;
    }

    public int mode() {
        return 0;
    }
}
