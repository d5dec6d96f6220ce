package impl;

import java.util.ArrayList;
import java.util.List;

/** Splits text by a method a named subclass overrides through super: every split list is the JDK's. */
public class Words {
    protected List<String> split(String s) {
        List<String> out = new ArrayList<>();
        for (String w : s.split(" ")) {
            out.add(w);
        }
        return out;
    }

    /** How many words: size on a list every override makes a JDK list. */
    public int count(String text) {
        List<String> parts = split(text);
        return parts.size();
    }
}
