package rules;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Junit5Test {
    static int created;
    Counter counter;

    @BeforeAll
    static void init() {
        created = 0;
    }

    @BeforeEach
    void setUp() {
        counter = new Counter(10);
    }

    @Test
    void throwsAndAll() {
        Service s = new Service();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> s.explode());
        assertEquals("boom", e.getMessage());
        Counter c = new Counter(2);
        assertAll(() -> assertEquals(2, c.value()), () -> assertTrue(c.value() > 1));
    }

    @Test
    void usesFixtureField() {
        counter.add(5);
        assertEquals(15, counter.value());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void parameterized(int n) {
        assertTrue(new Counter(n).value() > 0);
    }

    @RepeatedTest(2)
    void repeated() {
        assertEquals(10, counter.value());
    }

    @TestFactory
    List<DynamicTest> factory() {
        return Arrays.asList(DynamicTest.dynamicTest("one", () -> assertEquals(1, new Counter(1).value())));
    }

    @Nested
    class Inner {
        @BeforeEach
        void more() {
            counter.increment();
        }

        @Test
        void seesOuterFixture() {
            Counter c = new Counter(3);
            assertEquals(11, counter.value());
            assertEquals(3, c.value());
        }
    }

    // Sliced like any test: the slice of the assertion on b leaves a.add(n) out. Its
    // rendered slices name the factory (@MethodSource alone means the one named like the
    // test method), or JUnit finds no arguments for them.
    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource
    void sized(int n) {
        Counter a = new Counter(n);
        Counter b = new Counter(1);
        a.add(n);
        assertEquals(2 * n, a.value());
        assertEquals(1, b.value());
    }

    static java.util.stream.Stream<Integer> sized() {
        return java.util.stream.Stream.of(1, 2);
    }

    // The argument may be shared state: the list the factory hands out is static, so
    // fillShared, which changes only static state, changes it too.
    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("sharedLists")
    void sharedArgument(java.util.List<String> names) {
        int before = names.size();
        fillShared();
        assertEquals(before + 1, names.size());
    }

    static final java.util.List<String> SHARED = new java.util.ArrayList<>();

    static void fillShared() {
        SHARED.add("x");
    }

    static java.util.stream.Stream<java.util.List<String>> sharedLists() {
        return java.util.stream.Stream.of(SHARED);
    }
}
