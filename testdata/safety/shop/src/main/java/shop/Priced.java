package shop;

/** Anything with a price in cents. */
public interface Priced {
    int cents();
}
