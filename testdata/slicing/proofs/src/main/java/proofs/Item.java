package proofs;

public class Item {
    private final String name;

    public Item(String name) {
        this.name = name;
    }

    public boolean named(String n) {
        return name.equals(n);
    }

    public boolean namedCounting(String n) {
        Counter.count++;
        return name.equals(n);
    }
}
