package disp;

/** Operations whose PLUS constant counts every description: its body overrides describe. */
public enum Op {
    PLUS {
        @Override
        public String describe() {
            Counter.n++;
            return "plus";
        }
    },
    MINUS;

    public String describe() {
        return "op";
    }
}
