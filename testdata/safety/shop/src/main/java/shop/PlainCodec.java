package shop;

/** A codec no code names but by a string. */
public class PlainCodec {
    private final String name;

    public PlainCodec() {
        this.name = "plain";
    }

    public String name() {
        return name;
    }
}
