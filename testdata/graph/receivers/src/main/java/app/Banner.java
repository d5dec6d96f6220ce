package app;

public class Banner {
    @Override
    public String toString() {
        return "banner";
    }
}
