package eff;

/** Counts how often it is hashed, in static state. */
public class Tracked {
    private static int hashes;

    @Override
    public int hashCode() {
        hashes++;
        return 7;
    }

    @Override
    public boolean equals(Object o) {
        return o == this;
    }

    public static int hashes() {
        return hashes;
    }
}
