package app;

public class Plain {
    final StringBuilder log = Logs.create();
}
