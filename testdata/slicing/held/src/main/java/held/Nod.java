package held;

/** Equal to anything, quietly. */
public class Nod {
    @Override
    public boolean equals(Object o) {
        return o != null;
    }

    @Override
    public int hashCode() {
        return 3;
    }
}
