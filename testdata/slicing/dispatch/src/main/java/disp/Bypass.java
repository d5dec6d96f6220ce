package disp;

import java.util.HashMap;
import java.util.Map;

/** A field anyone may set to a Tally, which a constructor sets to a map of its own first. */
public final class Bypass {
    private Map<String, String> names;

    /** Sets the field to a map it makes, then reads it: a HashMap's get. */
    public Bypass() {
        names = new HashMap<>();
        names.get("a");
    }

    /** A call in between may set the field to a Tally. */
    public Bypass(boolean again) {
        names = new HashMap<>();
        rename();
        names.get("a");
    }

    /** A braceless branch may not have set it. */
    public Bypass(int n, int m) {
        if (n > m) names = new HashMap<>();
        names.get("a");
    }

    public void setNames(Map<String, String> names) {
        this.names = names;
    }

    private void rename() {
        names = new Entries.Tally();
    }
}
