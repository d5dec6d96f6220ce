package app;

public class Dial {
    private final int level;

    public Dial(int level) {
        this.level = level;
    }

    public int getLevel() {
        return level;
    }
}
