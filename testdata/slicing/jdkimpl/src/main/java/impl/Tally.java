package impl;

import java.util.AbstractList;

/** A project list that counts every call; contains comes from AbstractCollection. */
public class Tally extends AbstractList<String> {
    public static int calls;

    @Override
    public String get(int i) {
        calls++;
        return "x";
    }

    @Override
    public int size() {
        calls++;
        return 1;
    }
}
