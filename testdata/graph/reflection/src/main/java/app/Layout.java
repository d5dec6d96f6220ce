package app;

public class Layout {
    public static int[] columns() {
        return new int[] {3};
    }
}
