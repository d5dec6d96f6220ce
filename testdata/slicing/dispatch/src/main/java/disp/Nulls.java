package disp;

import java.util.List;
import java.util.Objects;

/** Objects.requireNonNull hands its argument back: what follows it runs on the argument. */
public class Nulls {
    public static boolean has(String s, char ch) {
        return Objects.requireNonNull(s, "s").indexOf(ch) >= 0;
    }

    public static void addTo(List<String> xs) {
        Objects.requireNonNull(xs, "xs").add("a");
    }

    public static int firstSize(List<List<String>> xss) {
        return Objects.requireNonNull(xss.get(0)).size();
    }
}
