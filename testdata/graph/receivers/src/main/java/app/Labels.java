package app;

import java.util.Locale;
import java.util.ResourceBundle;

public class Labels {
    public static String typeName() {
        return Labels.class.getSimpleName().toLowerCase();
    }

    public static String text(Object o) {
        return o.toString().trim();
    }

    public static boolean sameLanguage(ResourceBundle bundle, Locale locale) {
        return bundle.getLocale().getLanguage().equals(locale.getLanguage());
    }

    public static int spinCast(Object o) {
        return Widget.class.cast(o).spin();
    }

    public static String language(Printer p) {
        return p.toString(3).getLanguage();
    }
}
