package shop;

/** A plugin no code names: plugins.properties does. */
public class Greeter {
    private final String word;

    public Greeter() {
        this.word = "hello";
    }

    @Override
    public String toString() {
        return word;
    }
}
