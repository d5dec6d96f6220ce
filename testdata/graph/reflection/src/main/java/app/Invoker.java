package app;

import java.lang.reflect.Method;

public class Invoker {
    /** Calls a method whose name is only known at run time. */
    public static Object call(Gadget g, String name) throws Exception {
        Method m = g.getClass().getMethod(name);
        return m.invoke(g);
    }
}
