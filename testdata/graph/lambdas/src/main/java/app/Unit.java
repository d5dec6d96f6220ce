package app;

public interface Unit {
    int zero();

    Class<?> kind();
}
