package app;

public final class Factory {
    private Factory() {
    }

    public static Gadget make() {
        return new Gadget();
    }
}
