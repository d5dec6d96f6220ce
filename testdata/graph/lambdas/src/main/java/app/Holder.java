package app;

/** Keeps an Action it is given, or makes one: either way an Action object is made. */
public class Holder {
    private final Action action;

    public Holder(Action action) {
        this.action = action;
    }

    public static Action make() {
        Action a = x -> { };
        return a;
    }
}
