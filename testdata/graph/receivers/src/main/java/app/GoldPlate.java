package app;

public class GoldPlate extends Plate {
    @Override
    public String toString() {
        return "gold";
    }
}
