package hooks;

import static org.junit.Assert.assertEquals;

import java.util.Optional;
import java.util.function.Consumer;

import org.junit.Test;

/** Project code that runs later than the statement naming it: slices must keep its runner. */
public class HooksTest {
    @Test
    @SuppressWarnings("deprecation")
    public void classNewInstance() throws Exception {
        int before = Counter.made;
        Class<?> k = Counter.class;
        Object made = k.newInstance();
        assertEquals(before + 1, Counter.made);
        assertEquals("hooks.Counter", k.getName());
    }

    @Test
    public void optionalRunsItsFunction() {
        int before = Counter.made;
        Consumer<String> make = s -> new Counter();
        Optional<String> o = Optional.of("a");
        o.ifPresent(make);
        assertEquals(before + 1, Counter.made);
        assertEquals(true, o.isPresent());
    }

    @Test
    public void anonymousToString() {
        int before = Counter.made;
        Object loud = new Object() {
            @Override
            public String toString() {
                new Counter();
                return "loud";
            }
        };
        String text = String.valueOf(loud);
        assertEquals(before + 1, Counter.made);
        assertEquals("loud", text);
    }
}
