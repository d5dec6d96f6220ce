package proofs;

/** What values of one kind share. */
public interface Domain {
    int size();
}
