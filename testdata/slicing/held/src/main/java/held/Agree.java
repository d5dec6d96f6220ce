package held;

/** Equal to anything, and comparing it makes a Counter. */
public class Agree {
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
