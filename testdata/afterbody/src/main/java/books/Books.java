package books;

import java.util.ArrayList;
import java.util.List;

/** Books opened and closed by name; a check after each test says none was left open. */
public class Books {
    private static final List<String> OPEN = new ArrayList<>();

    public static void open(String name) {
        OPEN.add(name);
    }

    public static void close(String name) {
        OPEN.remove(name);
    }

    public static int openCount() {
        return OPEN.size();
    }

    public static boolean allClosed() {
        return OPEN.isEmpty();
    }

    public static int twice(int x) {
        return 2 * x;
    }
}
