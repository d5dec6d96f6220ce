package loud;

import static org.junit.Assert.assertEquals;

import java.lang.reflect.Proxy;
import java.util.HashSet;
import java.util.Set;

import org.junit.Test;

/**
 * The near-miss of the handlers fixture: this project's proxies run a named handler class
 * whose invoke makes a Counter, so printing a proxy writes Counter.made and stays in the
 * slice of the assertion reading it.
 */
public class LoudTest {
    @Test
    public void loudProxy() {
        int before = Counter.made;
        Object proxy = Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Runnable.class}, new Loud());
        String text = String.valueOf(proxy);
        assertEquals(before + 1, Counter.made);
        assertEquals("loud", text);
    }

    @Test
    public void hashingALoudAnonymousObject() {
        Set<Object> keys = new HashSet<>();
        int before = Counter.made;
        keys.add(LoudKeys.LOUD);
        assertEquals(before + 1, Counter.made);
        assertEquals(1, keys.size());
    }

    @Test
    public void loudShieldProxy() {
        int before = Counter.made;
        Object proxy = Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Runnable.class}, new LoudShield());
        String text = String.valueOf(proxy);
        assertEquals(before + 1, Counter.made);
        assertEquals("loud shield", text);
    }
}
