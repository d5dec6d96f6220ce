package app;

public class Plan {
    private double[] target;
    private int weight;

    public Plan target(double[] t) {
        target = t;
        return this;
    }

    public Plan weight(int w) {
        weight = w;
        return this;
    }

    /** The argument calls a method named like the outer call: weight(..) is on the outer call's result. */
    public static Plan of(Problem p) {
        return new Plan().target(p.target()).weight(2);
    }
}
