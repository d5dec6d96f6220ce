package app;

/** Three overloads a call with one argument may mean. */
public class Printer {
    static String print(Instant i) {
        return "instant";
    }

    static String print(Partial p) {
        return "partial";
    }

    static String print(long millis) {
        return "millis";
    }

    static String print(Object o) {
        return "object";
    }
}
