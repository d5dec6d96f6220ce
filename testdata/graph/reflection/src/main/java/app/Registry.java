package app;

public class Registry {
    public static Object load() throws Exception {
        return Class.forName("app.Plugin").getDeclaredConstructor().newInstance();
    }
}
