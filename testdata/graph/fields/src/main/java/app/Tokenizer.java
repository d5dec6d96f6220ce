package app;

public class Tokenizer {
    private String delim = Matchers.INSTANCE.split();

    public String delim() {
        return delim;
    }
}
