package app.model;

/** An enum calling the methods it inherits from java.lang.Enum without a receiver. */
public enum Shade {
    DARK,
    LIGHT {
        @Override
        public String label() {
            return "light-" + ordinal();
        }
    };

    public String label() {
        return name().toLowerCase();
    }

    /** Declares its own name(): an unqualified name() inside it is this one. */
    public static class Swatch {
        public String name() {
            return "swatch";
        }

        public String show() {
            return name();
        }
    }
}
