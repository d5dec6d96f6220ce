package shop;

/** A labelled sample; the label of a fresh one is set by the constructor a library calls. */
public class Specimen {
    private final String label;

    public Specimen() {
        this.label = "fresh";
    }

    public Specimen(String label, int copies) {
        this.label = label + copies;
    }

    public static Object sample() {
        return new Specimen("sample", 1);
    }

    @Override
    public String toString() {
        return label;
    }
}
