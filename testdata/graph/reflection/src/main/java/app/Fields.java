package app;

/** A project method named like a reflective lookup: getField(Kind) is no Class#getField. */
public class Fields {
    public enum Kind { YEAR, MONTH }

    public String getField(Kind kind) {
        return kind.name();
    }

    /** Typed by its parameter: a plain call, no reflection. */
    public String print(Kind kind) {
        return getField(kind);
    }

    /** A String name: it may be Class#getField, so every member of the types named here counts. */
    public Object lookup(Class<?> type, String name) throws Exception {
        return type.getField(name).get(null);
    }

    /** A var whose type the scanner does not follow: still a lookup. */
    public Object lookupVar(Class<?> type) throws Exception {
        var name = "YEAR";
        return type.getField(name).get(null);
    }
}
