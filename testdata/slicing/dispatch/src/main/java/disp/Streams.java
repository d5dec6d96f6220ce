package disp;

import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/** Streams of values, and of iterables: an overload the arguments rule out returns any stream. */
public final class Streams {
    private Streams() {
    }

    @SafeVarargs
    public static <T> Stream<T> of(T... values) {
        return values == null ? Stream.empty() : Stream.of(values);
    }

    public static <T> Stream<T> of(Iterable<T> values) {
        return StreamSupport.stream(values.spliterator(), false);
    }
}
