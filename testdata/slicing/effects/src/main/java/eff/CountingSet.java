package eff;

import java.util.LinkedHashSet;

/** A project set whose hashCode counts in static state. */
public class CountingSet extends LinkedHashSet<Integer> {
    static int hashed;

    @Override
    public int hashCode() {
        hashed++;
        return super.hashCode();
    }
}
