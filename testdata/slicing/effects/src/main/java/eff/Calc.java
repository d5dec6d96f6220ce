package eff;

import java.util.ArrayList;
import java.util.List;

/** Counts its calls in static state; has a List field and an add method of its own. */
public class Calc {
    static int calls;
    private final List<Integer> seen = new ArrayList<>();

    public int twice(int x) {
        calls++;
        seen.add(x);
        return 2 * x;
    }

    public void add(Integer x) {
        seen.add(x);
    }

    public static int calls() {
        return calls;
    }
}
