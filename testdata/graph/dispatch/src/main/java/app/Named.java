package app;

public interface Named {
    default String name() {
        return "anonymous";
    }
}
