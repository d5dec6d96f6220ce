package disp;

/** A direction's turn, implemented by enums whose constants have no bodies. */
public interface Turn {
    Turn turn();

    String label();
}
