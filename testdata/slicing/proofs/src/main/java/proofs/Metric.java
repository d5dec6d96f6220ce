package proofs;

/** Two abstract methods: no lambda can be a Metric, only project classes. */
public interface Metric {
    int value();

    String label();
}
