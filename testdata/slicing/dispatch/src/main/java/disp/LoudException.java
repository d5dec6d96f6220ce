package disp;

/** An exception that counts being printed. */
public class LoudException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public static int printed;

    @Override
    public String toString() {
        printed++;
        return "loud";
    }
}
