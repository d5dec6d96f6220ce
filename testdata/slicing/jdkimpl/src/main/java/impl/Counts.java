package impl;

import java.util.ArrayList;
import java.util.List;

/** Words's shape, with a named subclass whose split returns the project's Tally. */
public class Counts {
    protected List<String> split(String s) {
        List<String> out = new ArrayList<>();
        out.add(s);
        return out;
    }

    /** How many parts: size on a list an override makes a Tally, whose size counts. */
    public int count(String text) {
        List<String> parts = split(text);
        return parts.size();
    }
}
