package app;

public class Target {
    public static final String SECRET = Secrets.value();

    public String hidden() {
        return "hidden";
    }
}
