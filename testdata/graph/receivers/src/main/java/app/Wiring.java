package app;

public class Wiring {
    /** twice() inside the anonymous class is Handler's inherited method. */
    public static int run(int v) {
        Handler h = new Handler() {
            @Override
            public int handle(int x) {
                return x > 100 ? x : twice(x + 100);
            }
        };
        return h.handle(v);
    }
}
