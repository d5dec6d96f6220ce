package disp;

import java.util.List;

/** Throws JDK exceptions, and hands method references to streams. */
public final class Parse {
    static int calls;

    private Parse() {
    }

    public static int parse(String s) {
        if (s.isEmpty()) {
            throw new NumberFormatException("empty: " + s.trim());
        }
        return s.length();
    }

    /** A method reference to a pure method, run by the stream where it is written. */
    public static int total(List<Integer> xs) {
        return xs.stream().mapToInt(Math::abs).sum();
    }

    /** …and one to a method that counts. */
    public static int totalCounted(List<Integer> xs) {
        return xs.stream().mapToInt(Parse::counted).sum();
    }

    static int counted(Integer x) {
        calls++;
        return x;
    }

    /** A message made of a string literal and a call is a String: no cause is printed. */
    public static IllegalStateException failure(int code) {
        return new IllegalStateException("failed: " + Integer.toHexString(code));
    }
}
