package app;

public class Entry {
    public String getSimpleName() {
        return "entry";
    }

    public String trim() {
        return "t";
    }

    public String getLanguage() {
        return "en";
    }
}
