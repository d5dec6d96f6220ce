package proofs;

import java.util.function.Consumer;

/** Runs a function it keeps. */
public class Notifier {
    private final Consumer<String> handler;

    public Notifier(Consumer<String> handler) {
        this.handler = handler;
    }

    public boolean fire(String s) {
        handler.accept(s);
        return true;
    }
}
