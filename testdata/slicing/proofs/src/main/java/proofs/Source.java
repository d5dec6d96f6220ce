package proofs;

/** One abstract method: a lambda may be a Source. */
public interface Source {
    int next();
}
