package app;

public class Uses {
    public static String label(Tag t) {
        return "tag " + t;
    }

    public static int sum(Range r) {
        int s = 0;
        for (int x : r) {
            s += x;
        }
        return s;
    }

    public static int use() {
        try (Res r = new Res()) {
            return 1;
        }
    }

    public static String name(Color c) {
        switch (c) {
            case RED:
                return "r";
            default:
                return "g";
        }
    }

    public static long widen(Number n) {
        return n.longValue();
    }
}
