package rows;

/** Counts the instances made, whoever makes them. */
public class Counter {
    public static int made;

    public Counter() {
        made++;
    }
}
