package proofs;

/** A generic supertype whose methods return its type variable (commons-math's FieldElement). */
public interface Ring<T> {
    T plus(T other);
}
