package eff;

import java.util.BitSet;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads through JDK types whose effects are known, next to near-misses that stay unknown. */
public class Lookup {
    private final Set<Integer> ids = Collections.synchronizedSet(new LinkedHashSet<>());
    private final Set<Tracked> tracked = Collections.synchronizedSet(new LinkedHashSet<>());
    Set<Integer> open = new LinkedHashSet<>();

    /** A private field only ever holding JDK sets of values: hashing it runs no project code. */
    public int idsHash() {
        return ids.hashCode();
    }

    /** Hashing a set hashes its elements: Tracked counts that in static state. */
    public int trackedHash() {
        return tracked.hashCode();
    }

    /** A field others may set to a CountingSet. */
    public int openHash() {
        return open.hashCode();
    }

    public static String names(List<String> xs) {
        return xs.toString();
    }

    /** Printing a list of unknown elements may run any project toString. */
    public static String any(List<?> xs) {
        return xs.toString();
    }

    public static String kind(Object o) {
        return o.getClass().getSimpleName();
    }

    public static boolean digits(String s) {
        Matcher m = Pattern.compile("[0-9]+").matcher(s);
        return m.matches();
    }

    public static int bits(int n) {
        BitSet b = new BitSet();
        b.set(n);
        return b.cardinality();
    }

    private int step() {
        return 1;
    }

    /** step() is private: LoudLookup's step() does not override it. */
    public int twoSteps() {
        return step() + step();
    }

    protected int hop() {
        return 1;
    }

    /** hop() is overridden by LoudLookup, which counts. */
    public int twoHops() {
        return hop() + hop();
    }
}
