package loud;

/** Hashes with Object's hashCode, unless a subclass overrides it (LoudHashed does). */
public class Hashed {
    public int twice() {
        return 2 * hashCode();
    }
}
