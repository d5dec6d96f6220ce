package d;

public class Square {
    public int area(int side) {
        return side * side;
    }
}
