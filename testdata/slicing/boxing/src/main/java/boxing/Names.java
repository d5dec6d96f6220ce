package boxing;

import java.util.function.Supplier;

/** Names or their defaults: a default given as a value, or as a function that makes one. */
public final class Names {
    private static int made;
    public static final String[] NONE = {};
    public static final Supplier<String[]> COUNTED = () -> {
        made++;
        return NONE;
    };

    private Names() {
    }

    public static String[] or(String[] names, String[] fallback) {
        return names != null ? names : fallback;
    }

    public static String[] or(String[] names, Supplier<String[]> fallback) {
        return names != null ? names : fallback.get();
    }

    public static int made() {
        return made;
    }
}
