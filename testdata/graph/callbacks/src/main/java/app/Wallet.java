package app;

public class Wallet {
    public Money balance() {
        return new Money(1);
    }
}
