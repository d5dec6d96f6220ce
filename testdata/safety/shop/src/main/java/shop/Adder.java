package shop;

/** Values that add to their own kind, like commons-numbers' Addition. */
public interface Adder<T> {
    T plus(T other);
}
