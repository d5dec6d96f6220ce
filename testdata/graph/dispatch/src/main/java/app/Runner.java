package app;

public interface Runner {
    int run();
}
