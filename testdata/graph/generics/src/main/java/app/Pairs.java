package app;

import java.util.Map;

/** Generic code naming its type parameters inside bodies (Map.Entry<K, V> e). */
public class Pairs<K, V> {
    /** Read as a field inside the class, although a type parameter has the same name. */
    static int V = 7;

    public int count(Map<K, V> m) {
        int n = 0;
        for (Map.Entry<K, V> e : m.entrySet()) {
            n++;
        }
        return n;
    }

    public <T> int same(Map<T, T> m) {
        Map.Entry<T, T> first = null;
        return m.size();
    }

    public int seven() {
        return V;
    }
}
