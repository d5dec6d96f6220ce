package shop;

/** Units of measure; the concrete kind is a private nested class tests make reflectively. */
public abstract class Units {
    private final String name;

    protected Units(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    public static Units pieces() {
        return Standard.PIECES;
    }

    private static final class Standard extends Units {
        static final Standard PIECES = new Standard("pieces", 1);

        private final int ordinal;

        Standard(String name, int ordinal) {
            super(name);
            this.ordinal = ordinal;
        }

        int ordinal() {
            return ordinal;
        }
    }
}
