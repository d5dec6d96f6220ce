package app;

/** Mentions Level only as a type: no Level method runs here. */
public class Gauge {
    private Level last;

    public boolean accept(Level level) {
        last = level;
        return level != null;
    }

    public String render(Object o) {
        return String.valueOf(o);
    }

    public boolean holds(Registry r) {
        return r != null;
    }
}
