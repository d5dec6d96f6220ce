package disp;

import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/** Static tables made in place: reading a hash map changes nothing, reading an access-ordered one does. */
public final class Tables {
    private static final Map<String, Class<?>> NAMES = new HashMap<>();
    private static final Map<String, String> RECENT = new LinkedHashMap<>(16, 0.75f, true);

    static {
        NAMES.put(Integer.TYPE.getName(), Integer.TYPE);
    }

    private Tables() {
    }

    public static Class<?> named(String name) {
        return NAMES.get(name);
    }

    public static String recent(String name) {
        return RECENT.get(name);
    }

    /** Integer.TYPE is a Class; Modifier's tests read ints. */
    public static boolean intOrPublic(Class<?> c) {
        return Integer.TYPE.equals(c) || Modifier.isPublic(c.getModifiers());
    }
}
