package app.net;

/** Calls on casts and on generic instance creations. */
public class Casts {
    /** The cast is checked: the receiver is a Cell (or a subclass), never a Sheep. */
    public static int viaCast(Object o) {
        return ((Cell) o).position();
    }

    /** A cast applied to a call chain with arguments and an index. */
    public static int castOfChain(Object[] os, int i) {
        return ((Cell) java.util.Objects.requireNonNull(os[i])).copy().position();
    }

    /** A library type cast: no project trim() is called. */
    public static String libraryCast(Object o) {
        return ((String) o).trim();
    }

    /** The cast applies to the condition only: the receiver is a or b, of any type. */
    public static int castOfCondition(Object flag, Sheep a, Sheep b) {
        return ((Boolean) flag ? a : b).position();
    }

    /** new with type arguments: the receiver is the new Pocket. */
    public static int pocketSize() {
        return new Pocket<Cell>().size();
    }

    /** A cast to a generic class's member type: the receiver is a Slot, not an Iterable. */
    public static int slotDepth(Iterable<?> it) {
        return ((Pocket<?>.Slot) it).depth();
    }

    /** A field of a cast: the cast's type's field. */
    public static int fieldOfCast(Object o) {
        return ((Link) o).cell.position();
    }

    /** A field of a call result. */
    public static int fieldOfCall() {
        return link().cell.position();
    }

    private static Link link() {
        return new Link();
    }
}
