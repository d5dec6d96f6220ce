package loud;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;

/**
 * Hands Object's methods to a method of its own, like a shield, but that method makes a
 * Counter: printing a proxy of it writes Counter.made.
 */
public class LoudShield implements InvocationHandler {
    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        final Class<?> declaringClass = method.getDeclaringClass();
        if (declaringClass == Object.class) {
            return objectMethod(proxy, method, args);
        }
        return null;
    }

    private Object objectMethod(Object proxy, Method method, Object[] args) {
        new Counter();
        return "loud shield";
    }
}
