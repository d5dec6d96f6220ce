package shop;

/** A codec made by name only: its name is taken from its class literal. */
public class LoudCodec {
    private final String name;

    public LoudCodec() {
        this.name = "loud";
    }

    @Override
    public String toString() {
        return name;
    }
}
