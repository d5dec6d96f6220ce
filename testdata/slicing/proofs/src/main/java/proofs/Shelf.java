package proofs;

import java.util.ArrayDeque;
import java.util.Deque;

/** Hands out a queue kept in static state. */
public class Shelf {
    private static final Deque<Integer> ALL = new ArrayDeque<>();

    public Deque<Integer> shared() {
        return ALL;
    }

    public static int count() {
        return ALL.size();
    }
}
