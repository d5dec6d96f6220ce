package eff;

/** A gauge whose readings are views of it: a reading holds the gauge, which changes. */
public class Gauge {
    private int level;

    public void raise() {
        level++;
    }

    public Reading reading() {
        return new Reading();
    }

    /** Final and without fields of its own, yet it reads the gauge it was made by. */
    public final class Reading {
        public int value() {
            return level;
        }
    }
}
