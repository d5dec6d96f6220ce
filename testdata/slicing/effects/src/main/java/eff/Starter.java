package eff;

/** Starts itself while it is made: a subclass's start runs then. */
public class Starter {
    public Starter() {
        start();
    }

    protected void start() {
    }
}
