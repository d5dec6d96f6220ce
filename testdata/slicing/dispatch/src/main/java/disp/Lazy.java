package disp;

import java.util.function.Supplier;

/** A constructor that runs the function it is given. */
public final class Lazy {
    private final String value;

    public Lazy(Supplier<String> source) {
        value = source.get();
    }

    public String value() {
        return value;
    }
}
