package nested;

/** A builder whose area only computes. */
public class Pane extends Fluent<Pane> {
    public int area() {
        return size * size;
    }
}
