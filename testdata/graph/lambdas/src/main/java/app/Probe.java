package app;

/** A functional interface without default methods: a lambda of it leaves it uninitialized. */
public interface Probe {
    String[] NAMES = Helper.names();

    boolean test(int x);
}
