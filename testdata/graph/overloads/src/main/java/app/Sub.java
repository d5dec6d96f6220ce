package app;

/** Overloads put: put(3) on a Sub still calls Base's put(int). */
public class Sub extends Base {
    public String put(String s) {
        return Fmt.strings(s);
    }
}
