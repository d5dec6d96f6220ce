package app;

public class Modes {
    public static String pick() {
        return "fast";
    }
}
