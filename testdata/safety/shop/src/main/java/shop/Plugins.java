package shop;

import java.io.InputStream;
import java.util.Properties;

/** Makes plugins from the class names a properties resource gives for their keys. */
public final class Plugins {
    private Plugins() {
    }

    public static Object loadFrom(String resource, String key) throws Exception {
        Properties names = new Properties();
        try (InputStream in = Plugins.class.getResourceAsStream(resource)) {
            names.load(in);
        }
        return Class.forName(names.getProperty(key)).getDeclaredConstructor().newInstance();
    }
}
