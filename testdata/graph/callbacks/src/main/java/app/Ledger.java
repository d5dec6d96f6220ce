package app;

public class Ledger {
    protected int opened;

    public Ledger() {
        opened = -1;
    }

    public Ledger(int opened) {
        this.opened = opened;
    }
}
