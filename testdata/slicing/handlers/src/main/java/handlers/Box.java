package handlers;

/** Holds a value of any type and hashes it. */
public class Box<T> {
    private final T value;

    public Box(T value) {
        this.value = value;
    }

    /** Runs the value's hashCode: a type variable may be any class, so the callbacks'. */
    public int hash() {
        return value.hashCode();
    }
}
