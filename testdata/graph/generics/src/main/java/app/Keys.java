package app;

/** A decoy: fields named like the type parameters of Pairs. */
public class Keys {
    public static int K = 1;
    public static int T = 2;
}
