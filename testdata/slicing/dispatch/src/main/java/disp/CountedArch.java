package disp;

import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/** Registers as Arch does, and counts each name it registers: initializing it writes Counter.n, which stays an effect. */
public final class CountedArch {
    private static final Map<String, String> BY_NAME = new HashMap<>();

    static {
        register("arm", "aarch64");
    }

    private CountedArch() {
    }

    private static void register(String family, String... names) {
        Stream.of(names).forEach(name -> add(name, family));
    }

    private static void add(String name, String family) {
        Counter.n++;
        BY_NAME.put(name, family);
    }

    /** The family of a name. */
    public static String family(String name) {
        return BY_NAME.get(name);
    }
}
