package rules;

import static org.junit.Assert.assertEquals;

import java.util.concurrent.Callable;
import org.junit.Test;

/**
 * Local types that hold no code are statements like any other: a test declaring one is
 * still cut into assertion slices, and a slice naming the type holds its declaration.
 */
public class LocalTypesTest {
    @Test
    public void codelessLocalClass() throws Exception {
        Counter c = new Counter();
        c.increment();
        final class Marker {
            // empty
        }
        interface Tag {
        }
        assertEquals(1, c.value());
        assertEquals("Marker", Marker.class.getSimpleName());
        assertEquals(true, Tag.class.isInterface());
    }

    @Test
    public void constantInAnonymousBody() throws Exception {
        Counter c = new Counter();
        Callable<Integer> read = new Callable<Integer>() {
            private static final long serialVersionUID = 1L;

            @Override
            public Integer call() {
                return c.value();
            }
        };
        c.increment();
        Counter other = new Counter(5);
        assertEquals(5, other.value());
        assertEquals(Integer.valueOf(1), read.call());
    }

    @Test
    public void localClassExtendingAClass() {
        class Loud extends Shouter {
            // empty, but constructing it runs Shouter's constructor
        }
        Counter c = new Counter();
        new Loud();
        c.add(2);
        assertEquals(2, c.value());
        assertEquals(1, Shouter.made);
    }

    /** Counts the instances made. */
    static class Shouter {
        static int made;

        Shouter() {
            made++;
        }
    }
}
