package app;

import java.util.HashMap;
import java.util.Map;

public class Config {
    static final Map<String, String> VALUES = new HashMap<>();
    static final String MODE = Modes.pick();

    static {
        VALUES.put("k", "v");
    }

    public static String get(String key) {
        return VALUES.get(key);
    }
}
