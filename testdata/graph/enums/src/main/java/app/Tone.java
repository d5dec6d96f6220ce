package app;

/** Near-miss: a constant's argument calls a method, and a constant has a class body. */
public enum Tone {
    SOFT(Names.remember("soft")),
    HARD("hard") {
        {
            Registry.register("hard-body");
        }
    },
    FLAT("flat");

    private final String label;

    Tone(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
