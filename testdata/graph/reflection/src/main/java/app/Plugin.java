package app;

public class Plugin {
    public String run() {
        return "plugin";
    }
}
