package shop;

/** A price tag compared by its text. */
public final class Tag {
    private final String text;

    public Tag(String text) {
        this.text = text;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Tag && ((Tag) o).text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }
}
