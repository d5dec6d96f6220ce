package proofs;

import java.util.function.IntUnaryOperator;

/** A builder like Sized whose default check counts every size it checks. */
public class CountingSized {
    /** The counting check, shared. */
    public static final IntUnaryOperator COUNT = n -> {
        Counter.add(1);
        return n;
    };

    private int size;
    private final IntUnaryOperator check = n -> {
        Counter.add(1);
        return n;
    };

    public static CountingSized builder() {
        return new CountingSized();
    }

    public CountingSized setSize(int size) {
        this.size = check.applyAsInt(size);
        return this;
    }

    public int size() {
        return size;
    }
}
