package app;

public class Gadget {
    public String spin() {
        return "spin";
    }
}
