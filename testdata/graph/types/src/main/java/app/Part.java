package app;

public class Part {
    public String label() {
        return "part";
    }
}
