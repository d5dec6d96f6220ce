package app;

public interface Elem<T extends Elem<T>> {
    T add(T other);

    T negate();
}
