package app;

public class FastJob extends Job {
    public int trims;

    @Override
    public void trimToSize() {
        trims++;
    }
}
