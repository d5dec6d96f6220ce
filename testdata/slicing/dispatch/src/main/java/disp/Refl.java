package disp;

import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Method;
import java.util.Locale;

/** Reflection objects and locales: JDK objects with few effects. */
public final class Refl {
    private Refl() {
    }

    /** Queries of a Method read it and its declaration only. */
    public static int visible(Method m) {
        return m.isAccessible() ? m.getModifiers() : m.getParameterTypes().length;
    }

    /** setAccessible changes the object's own flag. */
    public static boolean open(AccessibleObject o) {
        if (!o.isAccessible()) {
            o.setAccessible(true);
            return true;
        }
        return false;
    }

    /** invoke runs the method: anything. */
    public static Object call(Method m, Object target) throws Exception {
        return m.invoke(target);
    }

    /** A locale made here, asked for its country. */
    public static String country(String c) {
        return new Locale("en", c).getCountry();
    }

    /** …asked for its name in the default locale, which is shared state. */
    public static String shown(String c) {
        return new Locale("en", c).getDisplayCountry();
    }
}
