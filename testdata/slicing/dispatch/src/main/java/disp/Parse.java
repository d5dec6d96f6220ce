package disp;

import java.util.List;
import java.util.stream.Stream;

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

    /** A JDK stream made here and run to its end here: the counting happens in the call. */
    public static int totalCountedHere(Integer... xs) {
        return Stream.of(xs).mapToInt(x -> counted(x)).sum();
    }

    /** …the same through a stream a project method makes (null or the JDK's). */
    public static void countAll(Integer... xs) {
        streamOf(xs).forEach(x -> counted(x));
    }

    /** The stream is handed back unrun: its lambda counts whenever the caller runs it. */
    public static Stream<Integer> countedLater(Integer... xs) {
        return Stream.of(xs).peek(x -> counted(x));
    }

    /** …or run by an iterator, one element at a time, after the call. */
    public static java.util.Iterator<Integer> countedByIterator(Integer... xs) {
        return Stream.of(xs).peek(x -> counted(x)).iterator();
    }

    /** A stream holding a function (a lambda that changes nothing) is no stream of values. */
    public static Stream<Integer> peeked(Integer... xs) {
        return Stream.of(xs).peek(x -> { });
    }

    /** …so what runs when it is used is not told: a project method returning it may run anything. */
    public static void countPeeked(Integer... xs) {
        peeked(xs).forEach(x -> counted(x));
    }

    private static Stream<Integer> streamOf(Integer... xs) {
        return xs == null ? Stream.empty() : Stream.of(xs);
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
