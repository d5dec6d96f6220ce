package disp;

import java.util.function.Supplier;

/** Factories of functions, some inert, some not. */
public final class Fns {
    private static Supplier<String> nul = () -> null;
    static Supplier<String> open = () -> null;

    private Fns() {
    }

    /** Its field is private and assigned nowhere else: the function changes nothing. */
    public static Supplier<String> nul() {
        return nul;
    }

    /** A lambda written here, changing nothing. */
    public static Supplier<String> fresh() {
        return () -> "f";
    }

    /** The function counts. */
    public static Supplier<String> counting() {
        return () -> {
            Counter.n++;
            return "x";
        };
    }

    /** Other classes of the package may assign the field. */
    public static Supplier<String> opened() {
        return open;
    }

    public static String orElse(String s, Supplier<String> d) {
        return s != null ? s : d.get();
    }

    /** A property, or nothing: inert, as the caller may tell. */
    public static String prop(String key) {
        return orElse(System.getProperty(key), nul());
    }

    /** A String from the JDK, a concatenation and a project method's String: no project CharSequence. */
    public static boolean propsEmpty(String key) {
        return Strs.isEmpty(System.getProperty(key)) && Strs.isEmpty("k" + key) && Strs.isEmpty(label());
    }

    static String label() {
        return "l";
    }

    /** The system properties are shared: reading them reads shared state… */
    public static boolean hasKey(String key) {
        return System.getProperties().containsKey(key);
    }

    /** …and changing them changes it. */
    public static void setKey(String key) {
        System.getProperties().put(key, "x");
    }

    private static Supplier<String> held;

    /** Keeps a function for pick to hand out. */
    public static void hold(Supplier<String> s) {
        held = s;
    }

    static Supplier<String> pick(Supplier<String> fallback) {
        return held != null ? held : fallback;
    }

    /** A lambda is written here, but what returns is pick's: maybe the function held. */
    public static Supplier<String> picked() {
        return pick(() -> "p");
    }
}
