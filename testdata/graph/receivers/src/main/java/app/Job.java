package app;

import java.util.ArrayList;

/** Inherits trimToSize() from a library class; a subclass overrides it. */
public class Job extends ArrayList<String> {
    public int schedule() {
        Handler h = new Handler() {
            @Override
            public int handle(int x) {
                trimToSize();
                return x;
            }
        };
        return h.handle(1);
    }
}
