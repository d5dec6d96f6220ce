package disp;

/** Directions: their turn only reads constants. */
public enum Dir implements Turn {
    LEFT, RIGHT;

    @Override
    public Turn turn() {
        return this == LEFT ? RIGHT : LEFT;
    }

    @Override
    public String label() {
        return name();
    }
}
