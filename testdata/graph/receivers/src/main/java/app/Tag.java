package app;

public class Tag {
    public String describe() {
        return "tag";
    }

    @Override
    public String toString() {
        return "Tag";
    }
}
