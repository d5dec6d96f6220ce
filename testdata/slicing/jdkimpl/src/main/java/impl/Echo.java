package impl;

import java.util.ArrayDeque;

/** A project deque whose peek calls the JDK's, which may call back other overrides. */
public class Echo extends ArrayDeque<String> {
    @Override
    public String peek() {
        return super.peek();
    }
}
