package proofs;

import java.util.function.IntUnaryOperator;

/**
 * A builder that checks a requested size with a function it holds. Its default check only
 * reads the builder, so a builder fresh from builder() runs nothing that changes state.
 */
public class Sized {
    private int max = 100;
    private int size;
    private final IntUnaryOperator defaultCheck = n -> n > max ? tooBig(n) : n;
    private IntUnaryOperator check = defaultCheck;

    public Sized() {
        // empty
    }

    public static Sized builder() {
        return new Sized();
    }

    /** A builder already holding the shared counting check. */
    public static Sized counted() {
        Sized s = new Sized();
        s.setCheck(CountingSized.COUNT);
        return s;
    }

    public Sized setCheck(IntUnaryOperator check) {
        this.check = check != null ? check : defaultCheck;
        return this;
    }

    public Sized setSize(int size) {
        this.size = check.applyAsInt(size);
        return this;
    }

    public int size() {
        return size;
    }

    private int tooBig(int n) {
        throw new IllegalArgumentException("too big: " + n);
    }
}
