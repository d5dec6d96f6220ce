package app;

public class Secrets {
    public static String value() {
        return "s3cret";
    }
}
