package app;

public class Guard {
    public static void check(boolean ok) {
        if (!ok) {
            throw new AppException("failed");
        }
    }

    public static boolean mentions(AppException e) {
        return e != null;
    }
}
