package app.util;

public final class Strings {
    private Strings() {
    }

    public static String pad(String s) {
        return " " + s;
    }
}
