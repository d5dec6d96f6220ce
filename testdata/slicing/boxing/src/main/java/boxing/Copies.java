package boxing;

import java.util.function.Supplier;

/** Array copies: into an array the caller gives (counted), or into one a function makes. */
public final class Copies {
    private static int written;

    private Copies() {
    }

    public static <T> T copy(T source, int from, int to, int length, Supplier<T> allocator) {
        T dest = allocator.get();
        System.arraycopy(source, from, dest, to, length);
        return dest;
    }

    public static void copy(Object source, int from, Object dest, int to, int length) {
        System.arraycopy(source, from, dest, to, length);
        written++;
    }

    public static int written() {
        return written;
    }
}
