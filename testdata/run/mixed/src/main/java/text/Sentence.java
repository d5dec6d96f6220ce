package text;

/** A sentence built from words. */
public class Sentence {
    private final String text;

    public Sentence(String text) {
        this.text = text;
    }

    public Sentence(String first, String rest) {
        this(Words.capitalize(first) + " " + rest);
    }

    public String text() {
        return text;
    }

    public int words() {
        return Words.count(text);
    }
}
