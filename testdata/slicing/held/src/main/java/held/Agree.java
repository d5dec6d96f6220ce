package held;

/** Equal to anything, and comparing it makes a Counter. */
public class Agree {
    /** Agreeing objects: comparing them element by element makes Counters. */
    public static final Object[] ALL = { new Agree() };

    @Override
    public boolean equals(Object o) {
        new Counter();
        return o != null;
    }

    @Override
    public int hashCode() {
        return 2;
    }
}
