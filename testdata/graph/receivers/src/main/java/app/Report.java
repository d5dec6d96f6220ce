package app;

import java.util.List;

public class Report {
    /** Calls on library values of closed types (StringBuilder, String) reach no project method. */
    public static String render(Doc d) {
        return new StringBuilder().append("[").append(d.title()).append("]").toString().trim().concat("");
    }

    /** List.get returns the list's type argument: a Doc. */
    public static int firstWeight(List<Doc> docs) {
        return docs.get(0).weight();
    }

    /** A wildcard argument is not tracked: matched by name. */
    public static int firstWeightOfAny(List<? extends Doc> docs) {
        return docs.get(0).weight();
    }
}
