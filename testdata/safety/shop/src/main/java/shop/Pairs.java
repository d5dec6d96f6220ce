package shop;

/** Pairs walked by a cursor of an inner class. */
public final class Pairs<T> {
    private final int size;

    public Pairs(int size) {
        this.size = size;
    }

    /** A cursor over the pairs. */
    public final class Cursor {
        private int at;

        public boolean more() {
            return at < size;
        }
    }

    public Cursor cursor() {
        return new Cursor();
    }
}
