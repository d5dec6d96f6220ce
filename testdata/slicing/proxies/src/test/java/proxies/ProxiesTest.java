package proxies;

import static org.junit.Assert.assertEquals;

import java.lang.reflect.Proxy;

import org.junit.Test;

/** A dynamic proxy's toString runs its handler: the statement printing it is a writer. */
public class ProxiesTest {
    @Test
    public void proxyToString() {
        int before = Counter.made;
        Object proxy = Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Runnable.class},
            (self, method, args) -> {
                new Counter();
                return "proxy";
            });
        String text = String.valueOf(proxy);
        assertEquals(before + 1, Counter.made);
        assertEquals("proxy", text);
    }
}
