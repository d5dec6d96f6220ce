package disp;

/** Ways to measure a name: each constant's class body measures; LOUD counts as it does. */
public enum Measure {
    CHARS {
        @Override
        public int of(CharSequence value) {
            return value.length();
        }
    },
    LOUD {
        @Override
        public int of(CharSequence value) {
            Counter.n++;
            return value.length();
        }
    };

    public abstract int of(CharSequence value);
}
