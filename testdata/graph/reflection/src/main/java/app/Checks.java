package app;

public final class Checks {
    private Checks() {
    }

    public static boolean notBlank(String s) {
        return s != null && !s.trim().isEmpty();
    }

    public static String other() {
        return "other";
    }
}
