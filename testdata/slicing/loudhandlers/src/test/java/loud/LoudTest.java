package loud;

import static org.junit.Assert.assertEquals;

import java.lang.reflect.Proxy;

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
}
