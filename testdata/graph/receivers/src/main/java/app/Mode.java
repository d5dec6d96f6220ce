package app;

public enum Mode {
    FAST, SLOW;

    public String label() {
        return toString().toLowerCase();
    }
}
