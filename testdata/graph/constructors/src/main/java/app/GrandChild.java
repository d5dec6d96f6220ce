package app;

public class GrandChild extends Child {
    private int blocks;

    {
        blocks = Seeds.block();
    }

    public GrandChild() {
        super(1);
    }
}
