package held;

/** Printing it makes a Counter. */
public class Loud {
    @Override
    public String toString() {
        new Counter();
        return "loud";
    }
}
