package app;

import java.util.List;

public class Report {
    /** Calls on library values of closed types (StringBuilder, String) reach no project method. */
    public static String render(Doc d) {
        return new StringBuilder().append("[").append(d.title()).append("]").toString().trim().concat("");
    }

    /** List.get returns an element of a type argument the resolver does not track: matched by name. */
    public static int firstWeight(List<Doc> docs) {
        return docs.get(0).weight();
    }
}
