package rules;

/** A mutable counter. */
public class Counter {
    private int value;

    public Counter() {
    }

    public Counter(int value) {
        this.value = value;
    }

    public void increment() {
        value++;
    }

    public void add(int n) {
        value += n;
    }

    public int value() {
        return value;
    }
}
