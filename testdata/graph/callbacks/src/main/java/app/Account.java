package app;

import java.io.Serializable;

public class Account extends Ledger implements Serializable {
    private final int balance;

    public Account(int balance) {
        super(1);
        this.balance = balance;
    }

    public int balance() {
        return balance;
    }
}
