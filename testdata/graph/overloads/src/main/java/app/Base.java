package app;

public class Base {
    public String put(int x) {
        return Fmt.ints(x);
    }
}
