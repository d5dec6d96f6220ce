package eff;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/** Keeps what it is given in static state: objects passed here escape. */
public final class Keeper {
    private static final List<List<Integer>> KEPT = new ArrayList<>();
    private static final List<Properties> SETTINGS = new ArrayList<>();

    private Keeper() {
    }

    public static void keep(List<Integer> xs) {
        KEPT.add(xs);
    }

    public static void clearAll() {
        for (List<Integer> xs : KEPT) {
            xs.clear();
        }
    }

    public static void keepSettings(Properties settings) {
        SETTINGS.add(settings);
    }

    public static void resetSettings() {
        for (Properties p : SETTINGS) {
            p.clear();
        }
    }

    /** Runs a method of o found by its name: what it changes is unknown here. */
    public static void poke(Object o, String method) throws Exception {
        o.getClass().getMethod(method).invoke(o);
    }
}
