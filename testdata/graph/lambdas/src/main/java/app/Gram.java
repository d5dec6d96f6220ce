package app;

public final class Gram {
    // The anonymous class declares zero() and kind(): declarations, not calls of Unit's
    // methods (which would dispatch to Meter's and, through Meter.class, to all of Meter).
    public Unit unit() {
        return new Unit() {
            public int zero() {
                return Helper.work() - 5;
            }

            public Class<?> kind() throws IllegalStateException {
                return Gram.class;
            }
        };
    }
}
