package disp;

import java.util.HashMap;
import java.util.Map;

/** A map's forEach hands its function keys and values of the map's type arguments. */
public class Entries {
    public static void same() {
        final Map<Class<?>, Class<?>> m = new HashMap<>();
        m.put(int.class, Integer.class);
        m.forEach((p, w) -> {
            if (!p.equals(w)) {
                throw new IllegalStateException();
            }
        });
    }

    public static void sameObjects() {
        final Map<Object, Object> m = new HashMap<>();
        m.put(int.class, Integer.class);
        m.forEach((p, w) -> {
            if (!p.equals(w)) {
                throw new IllegalStateException();
            }
        });
    }

    public static int named() {
        final Map<String, Class<?>> m = new HashMap<>();
        m.put(Boolean.TYPE.getName(), Boolean.TYPE);
        return m.size();
    }
}
