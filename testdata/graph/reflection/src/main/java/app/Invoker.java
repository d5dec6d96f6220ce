package app;

import java.lang.reflect.Method;

public class Invoker {
    /** Calls a method whose name is only known at run time. */
    public static Object call(Gadget g, String name) throws Exception {
        Method m = g.getClass().getMethod(name);
        return m.invoke(g);
    }

    /** Checks the name with a static helper: no Checks value is looked up reflectively. */
    public static Object callChecked(Gadget g, String name) throws Exception {
        if (!Checks.notBlank(name)) {
            throw new IllegalArgumentException(name);
        }
        Method m = g.getClass().getMethod(name);
        return m.invoke(g);
    }

    /** The object comes from a static factory: what it returns is looked up. */
    public static Object callMade(String name) throws Exception {
        Object o = Factory.make();
        return o.getClass().getMethod(name).invoke(o);
    }

    /** Calls a method found by a computed name on any object its caller hands in. */
    public static Object callAny(Object target, String name) throws Exception {
        return target.getClass().getMethod(name).invoke(target);
    }
}
