package app;

import com.acme.Locale;

public class Regional {
    // Not java.util.Locale: a library's static field may hold a project object.
    public static String current() {
        return Locale.CURRENT.describe();
    }
}
