package app;

public class Tag {
    private final String name;

    public Tag(String name) {
        this.name = name;
    }

    @Override
    public String toString() {
        return "#" + name;
    }
}
