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
}
