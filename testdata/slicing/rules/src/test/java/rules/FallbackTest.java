package rules;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.Test;

public class FallbackTest {
    @Test
    public void loop() {
        Counter c = new Counter();
        for (int i = 0; i < 3; i++) {
            c.increment();
        }
        assertEquals(3, c.value());
    }

    @Test
    public void conditional() {
        Counter c = new Counter(1);
        if (c.value() > 0) {
            c.increment();
        }
        assertEquals(2, c.value());
    }

    @Test
    public void switchStatement() {
        Counter c = new Counter(1);
        switch (c.value()) {
            case 1:
                c.increment();
                break;
            default:
                break;
        }
        assertEquals(2, c.value());
    }

    @Test
    public void tryCatch() {
        Service s = new Service();
        try {
            s.explode();
        } catch (IllegalStateException e) {
            assertEquals("boom", e.getMessage());
        }
    }

    @Test(expected = IllegalStateException.class)
    public void expectedException() {
        Service s = new Service();
        assertEquals(2, s.handle(1));
        s.explode();
    }

    @Test
    public void sleeps() throws InterruptedException {
        Counter c = new Counter(1);
        Thread.sleep(1);
        assertEquals(1, c.value());
    }

    @Test
    public void threads() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Counter c = new Counter();
        pool.submit(c::increment).get();
        pool.shutdown();
        assertTrue(pool.awaitTermination(1, TimeUnit.SECONDS));
        assertEquals(1, c.value());
    }

    @Test
    public void localClass() {
        class Box {
            int size = 2;
        }
        Box b = new Box();
        assertEquals(2, b.size);
    }

    @Test
    public void anonymousClassWithState() {
        Object o = new Object() {
            private int calls;

            @Override
            public String toString() {
                calls++;
                return "o" + calls;
            }
        };
        assertEquals("o1", o.toString());
    }

    @Test
    public void label() {
        Counter c = new Counter();
        outer:
        for (int i = 0; i < 5; i++) {
            c.increment();
            break outer;
        }
        assertEquals(1, c.value());
    }

    @Test
    public void assertionInLambda() {
        List<Counter> counters = Arrays.asList(new Counter(1), new Counter(2));
        counters.forEach(c -> assertTrue(c.value() > 0));
    }

    @Test
    public void noAssertions() {
        Service s = new Service();
        s.handle(2);
        s.close();
    }
}
