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

    public Pallet filter(Object o) {
        return this;
    }

    public long count() {
        return 1;
    }

    public int size() {
        return 1;
    }
}
