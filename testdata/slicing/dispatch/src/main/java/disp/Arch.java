package disp;

import java.util.HashMap;
import java.util.Map;

/** Registers its families in its class initializer, through a JDK stream that runs its lambda in place. */
public final class Arch {
    private static final Map<String, Family> BY_NAME;

    static {
        BY_NAME = new HashMap<>();
        init();
    }

    private Arch() {
    }

    private static void init() {
        register(new Family("x86"), "i386", "i686");
        register(new Family("ppc"), "ppc64");
    }

    private static void register(Family family, String... names) {
        Streams.of(names).forEach(name -> add(name, family));
    }

    private static void add(String name, Family family) {
        if (BY_NAME.containsKey(name)) {
            throw new IllegalStateException("twice: " + name);
        }
        BY_NAME.put(name, family);
    }

    /** The family of a name. */
    public static Family family(String name) {
        return BY_NAME.get(name);
    }

    /** A processor family. */
    public static final class Family {
        private final String name;

        Family(String name) {
            this.name = name;
        }

        public String name() {
            return name;
        }
    }
}
