package nested;

/** A builder base whose setters return the concrete builder, typed by a type variable. */
public abstract class Fluent<B extends Fluent<B>> {
    protected int size;

    public B size(int n) {
        size = n;
        return asThis();
    }

    @SuppressWarnings("unchecked")
    protected B asThis() {
        return (B) this;
    }
}
