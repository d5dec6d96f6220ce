package app;

import java.util.HashSet;
import java.util.Set;

/** Static state that enum constants may fill while the enum initializes. */
public class Registry {
    private static final Set<String> KNOWN = new HashSet<>();

    static void register(String symbol) {
        KNOWN.add(symbol);
    }

    public static boolean known(String symbol) {
        return KNOWN.contains(symbol);
    }
}
