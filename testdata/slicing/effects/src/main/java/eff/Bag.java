package eff;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

/** A bag of numbers with lambda-based pruning. */
public class Bag {
    private final List<Integer> items = new ArrayList<>();

    public void add(int x) {
        items.add(x);
    }

    /** The lambda only reads: pruning changes this bag alone. */
    public void prune() {
        items.removeIf(x -> x < 0);
    }

    /** The lambda counts in static state. */
    public void pruneCounting() {
        items.removeIf(x -> {
            Calc.calls++;
            return x < 0;
        });
    }

    public int size() {
        return items.size();
    }

    public int countPositive() {
        int i = 0;
        int n = 0;
        while (i < items.size()) {
            if (items.get(i) > 0) {
                n++;
            }
            i++;
        }
        return n;
    }

    /** Copies the first values into a caller's array. */
    public void copyInto(int[] target) {
        int[] all = new int[items.size()];
        for (int i = 0; i < all.length; i++) {
            all[i] = items.get(i);
        }
        System.arraycopy(all, 0, target, 0, Math.min(all.length, target.length));
    }

    public String describe() {
        java.io.StringWriter out = new java.io.StringWriter();
        out.write("bag of ");
        out.append(String.valueOf(items.size()));
        return out.toString();
    }

    /** Reads an array's length reflectively. */
    public static int lengthOf(Object array) {
        return Array.getLength(array);
    }

    /** Writes into an array reflectively. */
    public static void setFirst(Object array, Object value) {
        Array.set(array, 0, value);
    }
}
