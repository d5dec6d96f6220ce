package proofs;

public class Square extends Figure {
    private final int s;

    public Square(int s) {
        this.s = s;
    }

    @Override
    int side() {
        return s;
    }
}
