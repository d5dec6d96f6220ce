package p;

/** Static state a test can leave behind for the tests after it in the same JVM. */
public class Settings {
    private static boolean strict;

    public static void setStrict(boolean on) {
        strict = on;
    }

    public static boolean strict() {
        return strict;
    }

    public static int parse(String s) {
        if (strict && s.isEmpty()) {
            throw new IllegalArgumentException("empty");
        }
        return s.length();
    }
}
