package app;

public class Names {
    static String prefix() {
        return "c-";
    }
}
