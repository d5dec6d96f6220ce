package app;

public class Seeds {
    public static int first() {
        return 7;
    }

    public static int block() {
        return 1;
    }
}
