package held;

/** Comparing it makes a Counter. */
public class Eq {
    @Override
    public boolean equals(Object o) {
        new Counter();
        return o instanceof Eq;
    }

    @Override
    public int hashCode() {
        return 1;
    }
}
