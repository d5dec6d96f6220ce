package rules;

import java.util.ArrayList;
import java.util.List;

/** Static state shared by everything. */
public final class Registry {
    private static final List<String> NAMES = new ArrayList<>();

    private Registry() {
    }

    public static void register(String name) {
        NAMES.add(name);
    }

    public static int count() {
        return NAMES.size();
    }

    public static void clear() {
        NAMES.clear();
    }
}
