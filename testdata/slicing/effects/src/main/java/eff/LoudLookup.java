package eff;

/** Declares a step() of its own (not an override) and overrides hop(), counting both. */
public class LoudLookup extends Lookup {
    int step() {
        Calc.calls++;
        return 2;
    }

    @Override
    protected int hop() {
        Calc.calls++;
        return 2;
    }
}
