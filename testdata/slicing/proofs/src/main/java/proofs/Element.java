package proofs;

/** A value that knows the domain it belongs to (commons-math's FieldElement#getField). */
public interface Element {
    Domain getDomain();
}
