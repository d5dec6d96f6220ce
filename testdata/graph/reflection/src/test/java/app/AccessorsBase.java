package app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;

abstract class AccessorsBase<T> {
    abstract T make(int level);

    abstract String[] names();

    @Test
    void readsEveryAccessor() throws Exception {
        T made = make(3);
        for (String name : names()) {
            Method m = made.getClass().getMethod("get" + name);
            assertEquals(3, m.invoke(made));
        }
    }
}
