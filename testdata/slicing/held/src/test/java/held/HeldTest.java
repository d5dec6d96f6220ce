package held;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import org.junit.Test;

/** JDK statics that hold or run the functions they are given. */
public class HeldTest {
    @Test
    public void comparatorHoldsItsFunction() {
        int before = Counter.made;
        Comparator<String> byText = Comparator.comparing(s -> {
            new Counter();
            return s;
        });
        List<String> list = new ArrayList<>(Arrays.asList("b", "a"));
        list.sort(byText);
        assertEquals(before + 1, Counter.made);
        assertEquals("a", list.get(0));
    }

    @Test
    public void elseGetRunsItsSupplier() {
        int before = Counter.made;
        Supplier<String> fallback = () -> {
            new Counter();
            return "x";
        };
        String got = Objects.requireNonNullElseGet(null, fallback);
        assertEquals(before + 1, Counter.made);
        assertEquals("x", got);
    }

    @Test
    public void concatenationPrints() {
        int before = Counter.made;
        Object loud = new Loud();
        String plain = "n=" + before + 1;
        String text = "<" + loud + ">";
        assertEquals(before + 1, Counter.made);
        assertEquals("<loud>", text);
        assertEquals("n=" + before + 1, plain);
    }

    @Test
    public void forEachRunsItsFunction() {
        int before = Counter.made;
        Consumer<String> make = s -> new Counter();
        List<String> list = new ArrayList<>(Arrays.asList("a"));
        list.forEach(make);
        assertEquals(before + 1, Counter.made);
    }

    @Test
    public void assertionRunsEquals() {
        int before = Counter.made;
        Eq a = new Eq();
        Eq b = new Eq();
        assertEquals("x", "x" + before);
        assertEquals(a, b);
        assertEquals(before + 1, Counter.made);
    }

    @Test
    public void assertionRunsTheExpectedEquals() {
        int before = Counter.made;
        Agree agree = new Agree();
        assertEquals(new Nod(), agree);
        assertEquals(before, Counter.made);
        assertEquals("message first", agree, new Nod());
        assertEquals(before + 1, Counter.made);
    }

    @Test
    public void caughtFailurePrintsWhatItCompared() {
        int before = Counter.made;
        Loud loud = new Loud();
        assertThrows(AssertionError.class, () -> assertEquals("quiet", loud));
        assertTrue(Counter.made > before);
        int printed = Counter.made;
        try {
            assertEquals("quiet", loud);
        } catch (AssertionError expected) {
            // printing loud made a Counter
        }
        assertTrue(Counter.made > printed);
    }

    @Test
    public void atomicRunsItsFunction() {
        int before = Counter.made;
        UnaryOperator<String> touch = s -> {
            new Counter();
            return s;
        };
        AtomicReference<String> ref = new AtomicReference<>("a");
        ref.updateAndGet(touch);
        assertEquals(before + 1, Counter.made);
    }

    @Test
    public void generatedStreamRunsItsSupplier() {
        int before = Counter.made;
        Supplier<Counter> make = Counter::new;
        long n = Stream.generate(make).limit(1).count();
        assertEquals(before + 1, Counter.made);
        assertEquals(1, n);
    }
}
