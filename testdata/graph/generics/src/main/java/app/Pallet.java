package app;

/** Declares weight() and equals(Object) too: a name-matched call would reach them. */
public class Pallet {
    public int weight() {
        return 100;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Pallet;
    }

    @Override
    public int hashCode() {
        return 1;
    }
}
