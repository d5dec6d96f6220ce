package app;

import java.util.HashMap;
import java.util.Map;

/** Names by class, looked up in a JDK map held by a field. */
public final class Names {
    private final Map<Class<?>, String> names = new HashMap<>();

    public boolean known(Object o) {
        return names.containsKey(o.getClass());
    }
}
