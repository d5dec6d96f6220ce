package app.model;

public class BigBox extends Box {
    class Handle {
        int grip() {
            return item.weight();
        }
    }

    public int handleGrip() {
        return new Handle().grip();
    }
}
