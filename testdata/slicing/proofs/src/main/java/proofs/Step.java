package proofs;

/** A concrete step a subclass overrides with one that counts. */
public class Step {
    public int run() {
        return step();
    }

    protected int step() {
        return 1;
    }
}
