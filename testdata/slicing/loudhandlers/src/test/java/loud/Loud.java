package loud;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;

/** Makes a Counter whenever a proxy is called, toString included. */
public class Loud implements InvocationHandler {
    @Override
    public Object invoke(Object proxy, Method method, Object[] args) {
        new Counter();
        return "loud";
    }
}
