package app;

public class Sound {
    public static String ding() {
        return "ding";
    }
}
