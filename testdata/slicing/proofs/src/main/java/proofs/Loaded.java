package proofs;

import java.util.HashSet;
import java.util.Set;

/** Classes that were initialized. */
public final class Loaded {
    static final Set<String> names = new HashSet<>();

    private Loaded() {
    }
}
