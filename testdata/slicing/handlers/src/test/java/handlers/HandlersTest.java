package handlers;

import static org.junit.Assert.assertEquals;

import java.lang.reflect.Proxy;
import java.util.HashSet;
import java.util.Set;

import org.junit.Test;

/**
 * Every proxy of this project runs a named handler class whose invoke changes nothing, so
 * printing a proxy writes nothing a later assertion reads: the slice of the assertion on
 * Counter.made leaves String.valueOf(proxy) out. Shield runs its delegate through reflection, yet
 * answers Object's methods in a method of its own that only reads: printing its proxy runs that. (The proxies fixture keeps the near-misses:
 * a lambda handler, and a named one that makes a Counter.)
 */
public class HandlersTest {
    @Test
    public void quietProxy() {
        Object proxy = Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Runnable.class},
            new Quiet());
        int before = Counter.made;
        String text = String.valueOf(proxy);
        new Counter();
        assertEquals(before + 1, Counter.made);
        assertEquals("quiet", text);
    }

    @Test
    public void hashingAQuietAnonymousObject() {
        Set<Object> keys = new HashSet<>();
        int before = Counter.made;
        keys.add(Keys.quiet());
        new Counter();
        assertEquals(before + 1, Counter.made);
        assertEquals(1, keys.size());
    }

    @Test
    public void shieldedProxyPrintsWithoutRunning() {
        Runnable proxy = Shield.wrap(Counter::new);
        int before = Counter.made;
        String text = String.valueOf(proxy);
        new Counter();
        assertEquals(before + 1, Counter.made);
        assertEquals("Shield(false)", text);
    }

    @Test
    public void hashingAnObjectRunsOnlyTheCallbacks() {
        Object rows = new Rows();
        int before = Counter.made;
        int hash = rows.hashCode();
        new Counter();
        assertEquals(before + 1, Counter.made);
        assertEquals(31 * (31 + 0) + 1, hash);
    }

    @Test
    public void hashingATypeVariableRunsOnlyTheCallbacks() {
        Box<Rows> box = new Box<>(new Rows());
        int before = Counter.made;
        int hash = box.hash();
        new Counter();
        assertEquals(before + 1, Counter.made);
        assertEquals(31 * (31 + 0) + 1, hash);
    }
}
