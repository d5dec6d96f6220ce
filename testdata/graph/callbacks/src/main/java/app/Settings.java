package app;

import java.io.Serializable;

/** Serializable: library code may call its serialization hooks, and nothing else of it. */
public class Settings implements Serializable {
    private String name = "x";
    private int size = 2;

    public String name() {
        return name;
    }

    public int size() {
        return size;
    }

    private Object writeReplace() {
        return this;
    }
}
