package e;

/** No Spring stereotype: a context never makes it. */
public class Plain {
    public long now() {
        return Clock.now();
    }
}
