package app;

// A decoy: a static field named like the field a test's local class writes.
public class Tally {
    public static int size = 0;
}
