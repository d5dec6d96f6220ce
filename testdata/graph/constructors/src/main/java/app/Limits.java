package app;

/**
 * Constant variables are inlined by javac: reading one does not initialize the class. ORDER's
 * initializer only makes its own value: only its readers see a change to it; SIZED's may throw.
 */
public class Limits {
    public static final int MAX = 1 << 4;
    public static final String NAME = "limits";
    public static final Integer BOXED = 5;
    public static final long LATER = Long.MAX_VALUE;
    public static final int BROKEN = 1 / 0;
    public static int counter = 0;
    public static final int[] ORDER = {3, 1, 2};
    public static final int[] SIZED = new int[2];

    static {
        counter = Seeds.first();
    }
}
