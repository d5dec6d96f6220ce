package cov;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** A pooled thread made by one test and used by the next: the second test's work on it
 * cannot be credited to the test that made the thread. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PoolTest {
    static ExecutorService pool;

    @Test
    @Order(1)
    void makesPool() throws Exception {
        pool = Executors.newSingleThreadExecutor();
        assertEquals(2, (int) pool.submit(() -> Modes.first(1)).get());
    }

    @Test
    @Order(2)
    void usesPool() throws Exception {
        assertEquals(3, (int) pool.submit(() -> Modes.later(1)).get());
        pool.shutdown();
    }
}
