package app;

public class Stamp {
    @Override
    public String toString() {
        return "stamp";
    }
}
