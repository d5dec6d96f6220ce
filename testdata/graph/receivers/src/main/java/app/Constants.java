package app;

public class Constants {
    // A JDK constant is a JDK object: its toString() is the JDK's, no project override.
    public static int trueSize() {
        return Boolean.TRUE.toString().length();
    }
}
