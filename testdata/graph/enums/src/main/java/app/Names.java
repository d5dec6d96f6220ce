package app;

public class Names {
    static String remember(String name) {
        Registry.register(name);
        return name;
    }
}
