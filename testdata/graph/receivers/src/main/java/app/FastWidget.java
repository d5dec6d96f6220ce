package app;

public class FastWidget extends Widget {
    @Override
    public int spin() {
        return 2;
    }
}
