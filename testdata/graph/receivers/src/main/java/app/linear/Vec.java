package app.linear;

/** A project type whose nested Entry shares its simple name with java.util.Map.Entry. */
public class Vec {
    public static class Entry {
        public double getValue() {
            return 1;
        }
    }

    public static class Cursor {
        public int position() {
            return 0;
        }
    }
}
