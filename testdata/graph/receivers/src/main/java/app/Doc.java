package app;

/** Declares append(Doc): a name a StringBuilder call must not match. */
public class Doc {
    private final String title;

    public Doc(String title) {
        this.title = title;
    }

    public Doc append(Doc other) {
        return new Doc(title + other.title);
    }

    public String title() {
        return title;
    }

    public int weight() {
        return title.length();
    }
}
