package disp;

import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/** Registers its names in its class initializer, through a JDK stream that runs its lambda in place. */
public final class Arch {
    private static final Map<String, String> BY_NAME = new HashMap<>();

    static {
        register("x86", "i386", "i686");
        register("ppc", "ppc64");
    }

    private Arch() {
    }

    private static void register(String family, String... names) {
        stream(names).forEach(name -> add(name, family));
    }

    private static Stream<String> stream(String... names) {
        return names == null ? Stream.empty() : Stream.of(names);
    }

    private static void add(String name, String family) {
        if (BY_NAME.containsKey(name)) {
            throw new IllegalStateException("twice: " + name);
        }
        BY_NAME.put(name, family);
    }

    /** The family of a name. */
    public static String family(String name) {
        return BY_NAME.get(name);
    }
}
