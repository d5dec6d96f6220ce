package shop;

/** A stamp whose constructor decides its value; tests subclass it locally. */
public class Stamp {
    private final int value;

    public Stamp() {
        this.value = 3;
    }

    public int value() {
        return value;
    }
}
