package app.net;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Calls on values of generic types declared with type arguments. */
public class Registry {
    private final Map<String, Cell> cells = new HashMap<>();
    private final Pocket<Cell> pocket = new Pocket<>();

    public Registry add(String name, Cell c) {
        cells.put(name, c);
        pocket.put(c);
        return this;
    }

    /** Map<String, Cell>.get is a Cell. */
    public int positionOf(String name) {
        return cells.get(name).position();
    }

    /** values() is a Collection<Cell>, its iterator an Iterator<Cell>, next() a Cell. */
    public int firstPosition() {
        return cells.values().iterator().next().position();
    }

    /** An entry declared with its arguments: getValue() is a Cell. */
    public int sum() {
        int out = 0;
        for (Map.Entry<String, Cell> e : cells.entrySet()) {
            out += e.getValue().position();
        }
        return out;
    }

    /** A project generic type's method returning its parameter: Pocket<Cell>.get() is a Cell. */
    public int pocketPosition() {
        return pocket.get().position();
    }

    /** A parameter declared with arguments. */
    public static int lastPosition(List<Cell> list) {
        return list.get(list.size() - 1).position();
    }

    /** Raw: nothing to substitute, matched by name as before. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static int rawPosition(List list) {
        return ((Pocket<Sheep>) list.get(0)).get().position();
    }

    /** entrySet() of a Map<String, Cell>: its entries' values are Cells. */
    public int firstEntryPosition() {
        return cells.entrySet().iterator().next().getValue().position();
    }

    /** keySet() of a raw Map is still a Set: size() is the JDK's, no project size(). */
    @SuppressWarnings("rawtypes")
    public static int rawKeyCount(Map m) {
        return m.keySet().size();
    }
}
