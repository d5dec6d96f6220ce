package spin;

/** Waits for a flag that nobody ever sets. */
public class Spinner {
    private volatile boolean done;

    public int spin() {
        int turns = 0;
        while (!done) {
            turns++;
        }
        return turns;
    }
}
