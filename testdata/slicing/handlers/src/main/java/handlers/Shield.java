package handlers;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Objects;

/**
 * Wraps a Runnable in a proxy that runs it at most once. Object's methods are answered
 * without running anything; every other call goes to the delegate through reflection.
 */
public final class Shield implements InvocationHandler {
    private final Runnable delegate;
    private boolean ran;

    private Shield(Runnable delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    public static Runnable wrap(Runnable delegate) {
        return (Runnable) Proxy.newProxyInstance(Shield.class.getClassLoader(), new Class<?>[] {Runnable.class},
            new Shield(delegate));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        final Class<?> declaringClass = method.getDeclaringClass();
        if (declaringClass == Object.class) {
            return objectMethod(proxy, method, args);
        }
        if (ran) {
            return null;
        }
        ran = true;
        try {
            return method.invoke(delegate, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private Object objectMethod(Object proxy, Method method, Object[] args) {
        switch (method.getName()) {
        case "toString":
            return "Shield(" + ran + ")";
        case "hashCode":
            return Objects.hashCode(delegate);
        case "equals": {
            Object other = args[0];
            if (proxy == other) {
                return true;
            }
            if (other != null && Proxy.isProxyClass(other.getClass())) {
                InvocationHandler h = Proxy.getInvocationHandler(other);
                if (h instanceof Shield) {
                    return Objects.equals(((Shield) h).delegate, this.delegate);
                }
            }
            return false;
        }
        default:
            return null;
        }
    }
}
