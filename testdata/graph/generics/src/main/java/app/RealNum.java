package app;

/** Like RealFieldElement<T> extends FieldElement<T>. */
public interface RealNum<T> extends Num<T> {
    double value();
}
