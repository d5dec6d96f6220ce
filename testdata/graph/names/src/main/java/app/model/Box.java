package app.model;

import app.util.Strings;

public class Box {
    protected Item item = new Item();

    public Item getItem() {
        return item;
    }

    /** Its constants are made when the enum initializes, as valueOf first touches it. */
    public enum Mode {
        OPEN(Strings.pad("o")),
        SHUT("s");

        private final String code;

        Mode(String code) {
            this.code = code;
        }

        public String code() {
            return code;
        }
    }

    public static class Lid {
        public int size() {
            return 1;
        }
    }
}
