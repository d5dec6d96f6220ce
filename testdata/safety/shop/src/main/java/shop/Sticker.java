package shop;

public class Sticker {
    private final String text;

    public Sticker() {
        this.text = "sale";
    }

    public String text() {
        return text;
    }
}
