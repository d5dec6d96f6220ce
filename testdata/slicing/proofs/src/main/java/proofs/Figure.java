package proofs;

/** A template method over an abstract step; every subclass is a project class. */
public abstract class Figure {
    abstract int side();

    public int area() {
        return side() * side();
    }
}
