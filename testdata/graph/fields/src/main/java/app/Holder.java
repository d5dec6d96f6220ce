package app;

// A decoy: its INSTANCE shares the name of the field Tokenizer selects on Matchers.
public class Holder {
    public static final Holder INSTANCE = new Holder();
}
