package app;

/** Near-miss: a boxed argument is unboxed, so a null one fails the initialization of the whole enum. */
public enum Weight {
    LIGHT(1),
    NONE(2);

    private final int grams;

    Weight(Integer grams) {
        this.grams = grams;
    }

    public int grams() {
        return grams;
    }
}
