package disp;

import java.util.HashSet;
import java.util.Set;

/** Per-thread sets made by the functions their ThreadLocals keep. */
public final class Registry {
    private static final ThreadLocal<Set<String>> SEEN = ThreadLocal.withInitial(HashSet::new);
    private static final ThreadLocal<Set<String>> COUNTED = ThreadLocal.withInitial(() -> {
        Counter.n++;
        return new HashSet<>();
    });

    private Registry() {
    }

    /** This thread's set, made by HashSet::new on the first get. */
    static Set<String> seen() {
        return SEEN.get();
    }

    /** …made by a function that counts. */
    static Set<String> counted() {
        return COUNTED.get();
    }
}
