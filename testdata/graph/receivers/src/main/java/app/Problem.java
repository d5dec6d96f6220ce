package app;

public class Problem {
    public double[] target() {
        return new double[] {1, 2};
    }
}
