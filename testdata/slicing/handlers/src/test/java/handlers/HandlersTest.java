package handlers;

import static org.junit.Assert.assertEquals;

import java.lang.reflect.Proxy;

import org.junit.Test;

/**
 * Every proxy of this project runs a named handler class whose invoke changes nothing, so
 * printing a proxy writes nothing a later assertion reads: the slice of the assertion on
 * Counter.made leaves String.valueOf(proxy) out. (The proxies fixture keeps the near-misses:
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
}
