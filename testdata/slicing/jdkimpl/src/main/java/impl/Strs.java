package impl;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Checks over JDK interfaces that project classes implement. */
public final class Strs {
    private Strs() {
    }

    public static boolean isEmpty(CharSequence cs) {
        return cs == null || cs.length() == 0;
    }

    public static int count(List<String> c) {
        return c.size();
    }

    public static boolean hasFirst(List<String> c) {
        return c.contains("first");
    }

    public static String top(ArrayDeque<String> d) {
        return d.peek();
    }

    /** A list collected from a JDK stream of what it is given: a JDK list, whose size is the JDK's. */
    public static int distinctCount(String... words) {
        List<String> all = Stream.of(words).distinct().collect(Collectors.toList());
        all.sort(null);
        return all.size();
    }

    /** A list collected from the stream of a list the caller hands over, which may be a Tally. */
    public static int copiedCount(List<String> c) {
        List<String> all = c.stream().collect(Collectors.toList());
        return all.size();
    }

    /** A calendar here may be a Ticker. */
    public static Calendar tick(Calendar c) {
        c.add(Calendar.SECOND, 1);
        return c;
    }

    /** The collector runs the key function it is given: the caller's to tell. */
    public static Map<Integer, Integer> keyed(Integer[] xs, Function<Integer, Integer> key) {
        return Arrays.stream(xs).collect(Collectors.toMap(key, key));
    }
}
