package app;

/** An enum: its library supertype Enum lets libraries call only toString (and Object's). */
public enum Level {
    LOW("l"),
    HIGH("h");

    private final String code;

    Level(String code) {
        this.code = code;
    }

    public String describe() {
        return "level " + code;
    }

    @Override
    public String toString() {
        return code.toUpperCase();
    }
}
