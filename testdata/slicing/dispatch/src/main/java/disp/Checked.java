package disp;

import java.util.function.IntUnaryOperator;

/** Objects keeping functions in their fields: those run where the fields are called. */
public final class Checked {
    private int max = 10;
    private final IntUnaryOperator checker = size -> size > max ? fail(size) : size;
    private final Runnable counting = () -> Counter.n++;

    /** Makes a Checked whose checker has not run. */
    public Checked() {
    }

    /** …and one that runs its counting function while it is made. */
    public Checked(boolean count) {
        counting.run();
    }

    /** Runs the checker it keeps. */
    public int check(int size) {
        return checker.applyAsInt(size);
    }

    private int fail(int size) {
        throw new IllegalArgumentException("too big: " + size);
    }
}
