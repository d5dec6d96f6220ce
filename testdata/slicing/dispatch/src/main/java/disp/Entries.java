package disp;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

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
        m.put(Void.TYPE.getName(), Void.TYPE);
        return m.size();
    }

    /** System.out is shared state: the map holding it is too. */
    public static int printers() {
        final Map<String, PrintStream> m = new HashMap<>();
        m.put("out", System.out);
        return m.size();
    }

    /** A JDK map's entries collected by their parts: String keys, String values. */
    public static Map<String, String> reversed() {
        final Map<String, String> m = new HashMap<>();
        m.put("int", "I");
        return m.entrySet().stream().collect(Collectors.toMap(Map.Entry::getValue, Map.Entry::getKey));
    }

    /** …of a map handed in, which may be a Tally. */
    public static Map<String, String> reversedOf(Map<String, String> m) {
        return m.entrySet().stream().collect(Collectors.toMap(Map.Entry::getValue, Map.Entry::getKey));
    }

    /** …of Object keys: any project hashCode may run. */
    public static Map<Object, Object> reversedObjects() {
        final Map<Object, Object> m = new HashMap<>();
        m.put("int", "I");
        return m.entrySet().stream().collect(Collectors.toMap(Map.Entry::getValue, Map.Entry::getKey));
    }

    /** …keyed by what a function makes of them: anything. */
    public static Map<Object, String> rewrapped() {
        final Map<String, String> m = new HashMap<>();
        m.put("int", "I");
        return m.entrySet().stream().collect(Collectors.toMap(e -> Sorts.wrap(e::getKey), Map.Entry::getValue));
    }

    /** Entries of a list, not of a JDK map: a CountingEntry's getKey counts. */
    public static Map<String, String> listed(List<CountingEntry> entries) {
        return entries.stream().collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    /** A project map: a map no one here made may be one. */
    public static final class Tally extends HashMap<String, String> {
        @Override
        public String get(Object key) {
            Counter.n++;
            return super.get(key);
        }
    }

    /** A map entry whose key counts its readers. */
    public static final class CountingEntry implements Map.Entry<String, String> {
        @Override
        public String getKey() {
            Counter.n++;
            return "k";
        }

        @Override
        public String getValue() {
            return "v";
        }

        @Override
        public String setValue(String value) {
            return "v";
        }
    }
}
