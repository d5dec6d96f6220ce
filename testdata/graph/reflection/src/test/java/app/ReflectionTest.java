package app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ReflectionTest {
    @Test
    void forName() throws Exception {
        Object p = Registry.load();
        assertEquals("plugin", p.getClass().getMethod("run").invoke(p));
    }

    @Test
    void getMethodByConstant() throws Exception {
        Object t = new Target();
        assertEquals("hidden", t.getClass().getMethod("hidden").invoke(t));
    }

    @Test
    void getFieldByConstant() throws Exception {
        assertEquals("s3cret", Target.class.getField("SECRET").get(null));
    }

    @Test
    void nonConstantName() throws Exception {
        assertEquals("spin", Invoker.call(new Gadget(), "sp" + "in"));
    }

    @Test
    void staticFieldOfComputedClass() throws Exception {
        // Class.forName initializes the class: every static initializer runs, not only ROWS's.
        Class<?> c = Class.forName(getClass().getPackage().getName() + ".Wide" + "Table");
        java.lang.reflect.Field rows = c.getDeclaredField("ROWS");
        rows.setAccessible(true);
        assertEquals(2, ((int[]) rows.get(null)).length);
    }

    @Test
    void checkedName() throws Exception {
        assertEquals("spin", Invoker.callChecked(new Gadget(), "spin"));
    }

    @Test
    void madeName() throws Exception {
        assertEquals("spin", Invoker.callMade("spin"));
    }

    /** A helper object of the tests: the code under test calls one of its methods by a computed name. */
    static class Bell {
        public String ring() {
            return Sound.ding();
        }
    }

    @Test
    void testObjectByComputedName() throws Exception {
        assertEquals("ding", Invoker.callAny(new Bell(), "ri" + "ng"));
    }

    /** Overrides what it implements: it runs where Ringer#ring() is called. */
    static class Chime implements Ringer {
        @Override
        public String ring() {
            return Sound.ding();
        }
    }

    @Test
    void createsAnImplementationOnly() {
        assertEquals(false, new Chime() == null);
    }

    /** A helper whose method makes test objects: production code may call it back. */
    static class BellMaker {
        public Object make() {
            return new Bell();
        }
    }
}
