package boxing;

/** A box whose put(T) takes a boxed primitive over put(Object). */
public class Box<T extends Number> {
    private static Object lastPut;

    public void put(T value) {
        lastPut = value;
    }

    public void put(Object other) {
        // only numbers are kept
    }

    public static Object lastPut() {
        return lastPut;
    }
}
