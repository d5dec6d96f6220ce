package disp;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Concurrent JDK maps are JDK collections like the others. */
public final class Concurrent {
    private Concurrent() {
    }

    /** A map made here, of Strings: nothing shared, no project callbacks. */
    public static int local() {
        Map<String, String> m = new ConcurrentHashMap<>();
        m.put("a", "b");
        return m.size();
    }

    /** …declared as one. */
    public static int typed() {
        ConcurrentHashMap<String, String> m = new ConcurrentHashMap<>();
        m.putIfAbsent("a", "b");
        return m.size();
    }

    /** …keyed by an object handed in: its hashCode may be any project one. */
    public static int keyed(Object k) {
        Map<Object, String> m = new ConcurrentHashMap<>();
        m.put(k, "b");
        return m.size();
    }
}
