package app;

/** Creating a subclass initializes its superclass first. */
public class SubRegistry extends Registry {
    public int seed() {
        return 1;
    }
}
