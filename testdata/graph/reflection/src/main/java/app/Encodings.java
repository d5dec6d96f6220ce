package app;

import java.nio.charset.Charset;

public class Encodings {
    /** Charset.forName loads no class: nothing of this class is looked up by name. */
    public static Charset named(String name) {
        return Charset.forName(name);
    }

    /** A lookup on a class literal sees that class's members, which the literal reaches. */
    public static int constructors() {
        return Gadget.class.getDeclaredConstructors().length;
    }

    public static int other() {
        return 1;
    }
}
