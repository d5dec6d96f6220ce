package held;

/** Equal to anything, quietly. */
public class Nod {
    /** Words, which compare by String#equals. */
    public static final String[] WORDS = { "nod" };

    @Override
    public boolean equals(Object o) {
        return o != null;
    }

    @Override
    public int hashCode() {
        return 3;
    }
}
