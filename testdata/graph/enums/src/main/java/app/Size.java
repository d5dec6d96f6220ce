package app;

/** Isolated constants: creating one only fills its own fields. */
public enum Size {
    SMALL("s", 1),
    MEDIUM("m", 2),
    LARGE("l", 3);

    private final String code;
    private final int rank;

    Size(String code, int rank) {
        this.code = code;
        this.rank = rank;
    }

    public String code() {
        return code;
    }

    public int rank() {
        return rank;
    }
}
