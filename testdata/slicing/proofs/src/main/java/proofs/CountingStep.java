package proofs;

public class CountingStep extends Step {
    @Override
    protected int step() {
        Counter.count++;
        return 2;
    }
}
