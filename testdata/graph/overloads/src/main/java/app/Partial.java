package app;

public interface Partial {
}
