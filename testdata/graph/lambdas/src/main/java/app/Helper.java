package app;

public class Helper {
    public static int work() {
        return 5;
    }

    public static int compare(String a, String b) {
        return a.length() - b.length();
    }

    public static <T> T first(java.util.List<T> xs) {
        return xs.get(0);
    }

    public static String[] names() {
        return new String[] {"probe"};
    }
}
