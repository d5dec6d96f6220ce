package impl;

import java.util.ArrayList;
import java.util.List;

/** Splits its text by a method subclasses may override, and reads what that returns. */
public class Splitter {
    private final String text;
    private String[] words;

    public Splitter(String text) {
        this.text = text;
    }

    protected List<String> split(String s) {
        List<String> out = new ArrayList<>();
        for (String w : s.split(" ")) {
            out.add(w);
        }
        return out;
    }

    private void ensureSplit() {
        if (words == null) {
            List<String> parts = split(text);
            words = parts.toArray(new String[0]);
        }
    }

    /** How many words: toArray on a list that every override makes a JDK list. */
    public int count() {
        ensureSplit();
        return words.length;
    }
}
