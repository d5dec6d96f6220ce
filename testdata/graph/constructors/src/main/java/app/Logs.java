package app;

public class Logs {
    public static StringBuilder create() {
        return new StringBuilder("log");
    }
}
