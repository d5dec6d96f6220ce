package app.net;

import app.linear.Vec;
import java.util.HashMap;
import java.util.Map;

public class Grid {
    private final Map<Long, Cell> cells = new HashMap<>();

    public Grid add(long id, Cell c) {
        cells.put(id, c);
        return this;
    }

    /** The local's type is a qualified library type: Map.Entry, not any project Entry. */
    public Grid copy() {
        Grid out = new Grid();
        for (Map.Entry<Long, Cell> e : cells.entrySet()) {
            out.cells.put(e.getKey(), e.getValue().copy());
        }
        return out;
    }

    public int size() {
        return cells.size();
    }

    /** var with a qualified nested type after new: the local is a Vec.Cursor, not a Vec. */
    public static int start() {
        var c = new Vec.Cursor();
        return c.position();
    }
}
