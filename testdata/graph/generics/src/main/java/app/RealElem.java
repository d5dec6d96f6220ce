package app;

public interface RealElem<T extends RealElem<T>> extends Elem<T> {
    double value();
}
