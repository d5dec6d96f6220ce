package app;

/** Near-miss: the constructor registers every constant, so using one constant runs them all. */
public enum Unit {
    METRE("m"),
    FOOT("ft");

    private final String symbol;

    Unit(String symbol) {
        this.symbol = symbol;
        Registry.register(symbol);
    }

    public String symbol() {
        return symbol;
    }
}
