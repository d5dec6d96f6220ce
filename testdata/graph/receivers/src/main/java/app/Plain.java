package app;

/** No library supertype itself, but its subclass Sticker has one and inherits describe. */
public class Plain {
    public String describe() {
        return "plain";
    }
}
