package d;

public class Store {
    public static void open() {
    }
}
