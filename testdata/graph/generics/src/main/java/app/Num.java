package app;

/** Like commons-math's FieldElement<T>: the parameter has no bound of its own. */
public interface Num<T> {
    T add(T other);

    T negate();
}
