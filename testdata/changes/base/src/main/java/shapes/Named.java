package shapes;

public interface Named {
    String name();

    default String greeting() {
        return "hello " + name();
    }
}
