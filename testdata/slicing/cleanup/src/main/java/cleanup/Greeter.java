package cleanup;

/** Prints greetings to System.out and measures names. */
public class Greeter {
    private int greeted;

    public void greet(String name) {
        greeted++;
        System.out.print("hi " + name);
    }

    public int greeted() {
        return greeted;
    }

    public int length(String name) {
        return name.length();
    }

    public void refuse() {
        throw new IllegalStateException("no");
    }
}
