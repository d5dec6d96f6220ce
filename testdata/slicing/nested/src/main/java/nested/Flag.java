package nested;

/** A flag made by a nested builder whose methods share names with the flag's own. */
public final class Flag {
    private static int made;

    /** Builds flags; hasArg here returns the builder, Flag's hasArg a boolean. */
    public static final class Builder {
        private final String name;
        private boolean arg;

        private Builder(String name) {
            this.name = name;
        }

        public Builder hasArg() {
            return hasArg(true);
        }

        public Builder hasArg(boolean value) {
            this.arg = value;
            return this;
        }

        public Flag get() {
            count(); // Flag's static count(), called unqualified from the nested class
            return new Flag(this);
        }
    }

    private final String name;
    private final boolean arg;

    private Flag(Builder builder) {
        this.name = builder.name;
        this.arg = builder.arg;
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    private static void count() {
        made++;
    }

    public static int made() {
        return made;
    }

    public boolean hasArg() {
        return arg;
    }

    public String name() {
        return name;
    }
}
