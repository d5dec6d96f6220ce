package app.net;

public class Pocket<T> {
    private T item;

    public int size() {
        return item == null ? 0 : 1;
    }

    public T get() {
        return item;
    }

    public Pocket<T> put(T t) {
        item = t;
        return this;
    }

    public Slot slot() {
        return new Slot();
    }

    /** A member class of a generic class: written Pocket<T>.Slot in a cast. */
    public class Slot implements Iterable<T> {
        public int depth() {
            return size() + 1;
        }

        @Override
        public java.util.Iterator<T> iterator() {
            return java.util.Collections.singletonList(item).iterator();
        }
    }
}
