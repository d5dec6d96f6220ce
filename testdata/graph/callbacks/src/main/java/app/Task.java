package app;

public class Task implements Runnable {
    int runs;

    @Override
    public void run() {
        runs++;
    }
}
