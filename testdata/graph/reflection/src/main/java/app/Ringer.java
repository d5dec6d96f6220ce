package app;

public interface Ringer {
    String ring();
}
