package disp;

import java.lang.reflect.Method;
import java.util.Comparator;
import java.util.Objects;
import java.util.function.Supplier;

/** Comparators, hashing and checks whose arguments tell which callbacks may run. */
public final class Sorts {
    private Sorts() {
    }

    /** A comparator keyed by a final JDK class's toString. */
    public static Comparator<Method> bySignature() {
        return Comparator.comparing(Method::toString);
    }

    /** Objects.compare of Strings with String's compareTo: JDK code only. */
    public static int byName(String a, String b) {
        return Objects.compare(a.trim(), b.trim(), String::compareTo);
    }

    /** Objects.hash of a call whose argument is a lambda: the call's result is hashed. */
    public static int wrappedHash(String s) {
        return Objects.hash(wrap(() -> s));
    }

    /** Objects.hash of a Loud made in place: its own hashCode counts. */
    public static int newHash(String s) {
        return Objects.hash(new Loud(s));
    }

    /** A conditional ending in toString() may still be the Loud. */
    public static int eitherHash(boolean flag, String s) {
        return Objects.hash(flag ? new Loud(s) : s.toString());
    }

    static Loud wrap(Supplier<String> text) {
        return new Loud(text.get());
    }

    /** One overload takes a message, the other runs a supplier of one. */
    public static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    public static void check(boolean ok, Supplier<String> message) {
        if (!ok) {
            throw new IllegalArgumentException(message.get());
        }
    }

    /** A string literal is no function: nothing runs. */
    public static void checkedText(String s) {
        check(!s.isEmpty(), "empty");
    }

    /** A String parameter neither. */
    public static void checkedMessage(String s, String message) {
        check(!s.isEmpty(), message);
    }

    /** A Supplier parameter is the caller's to tell. */
    public static void checkedBy(String s, Supplier<String> message) {
        check(!s.isEmpty(), message);
    }

    /** Hashing counts. */
    static final class Loud {
        private final String text;

        Loud(String text) {
            this.text = text;
        }

        @Override
        public int hashCode() {
            Counter.n++;
            return text.hashCode();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Loud && ((Loud) o).text.equals(text);
        }
    }
}
