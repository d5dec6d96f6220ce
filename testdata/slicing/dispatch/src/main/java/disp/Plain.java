package disp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A list adding a field only: its instances run ArrayList's code alone. */
public final class Plain extends ArrayList<String> {
    private static final long serialVersionUID = 1L;

    private final int extra;

    public Plain(int extra) {
        this.extra = extra;
    }

    /** Any list handed in: an ArrayList, a Plain, none running project code. */
    public static int sizeOf(List<String> xs) {
        return xs.size();
    }

    /** Any map handed in may be a Tally, whose get counts. */
    public static String firstOf(Map<String, String> m) {
        return m.get("first");
    }
}
