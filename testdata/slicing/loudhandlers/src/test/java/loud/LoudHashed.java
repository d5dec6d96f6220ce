package loud;

/** Makes a Counter every time it is hashed. */
public class LoudHashed extends Hashed {
    @Override
    public int hashCode() {
        new Counter();
        return 1;
    }
}
