package app.model;

public class Plane {
    public int span() {
        return new app.other.Line(1, 4, 0.1).length();
    }
}
