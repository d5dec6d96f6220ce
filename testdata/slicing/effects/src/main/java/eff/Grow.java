package eff;

import java.util.function.Supplier;

/** Grows its own buffer through a copy that takes an allocator. */
public final class Grow {
    private static char[] shared = new char[2];

    private char[] buffer = new char[2];

    public static <T> T copy(T source, int length, Supplier<T> allocator) {
        T dest = allocator.get();
        System.arraycopy(source, 0, dest, 0, length);
        return dest;
    }

    /** The allocator takes no parameter, so running it binds nothing: the new buffer is its own. */
    public Grow ensure(int capacity) {
        buffer = Grow.copy(buffer, buffer.length, () -> new char[capacity]);
        return this;
    }

    /** This allocator hands out a static array: the buffer becomes shared state. */
    public Grow share() {
        buffer = Grow.copy(buffer, buffer.length, () -> shared);
        return this;
    }
}
