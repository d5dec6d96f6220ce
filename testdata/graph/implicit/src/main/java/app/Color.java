package app;

public enum Color {
    RED,
    GREEN;

    static final String PREFIX = Names.prefix();
}
