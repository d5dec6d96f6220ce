package app;

/** Implements an interface with default methods: initializing it initializes Action. */
public class Doubler implements Action {
    public void run(int x) {
        Helper.work();
    }
}
