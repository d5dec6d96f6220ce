package proofs;

/** Counts every read of the setting in static state. */
public class CountingRegister extends Register {
    static int reads;

    @Override
    public int mode() {
        reads++;
        return 1;
    }
}
