package app;

/** A functional interface with a default method: making a lambda of it initializes it. */
public interface Action {
    Action NOP = x -> { };

    void run(int x);

    default Action twice() {
        return x -> {
            run(x);
            run(x);
        };
    }
}
