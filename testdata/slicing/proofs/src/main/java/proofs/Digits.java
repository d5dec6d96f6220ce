package proofs;

/** A domain with a setting its values read. */
public class Digits implements Domain {
    private int mode;

    @Override
    public int size() {
        return 10;
    }

    public int mode() {
        return mode;
    }
}
