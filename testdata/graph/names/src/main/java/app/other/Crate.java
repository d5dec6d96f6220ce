package app.other;

/** A decoy: same method names as Item and Box.Lid, never used by the tests. */
public class Crate {
    public int weight() {
        return 99;
    }

    public int size() {
        return 99;
    }

    public String name() {
        return "crate";
    }

    public int ordinal() {
        return 99;
    }

    public static String pad(String s) {
        return s;
    }
}
