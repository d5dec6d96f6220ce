package d;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Test;

interface ContractTest<T> {
    T create();

    @Test
    default void createsSomething() {
        assertNotNull(create());
    }
}
