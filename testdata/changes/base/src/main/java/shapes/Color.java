package shapes;

public enum Color {
    RED(255, 0, 0),
    GREEN(0, 255, 0) {
        @Override
        public String pretty() {
            return "green!";
        }
    },
    BLUE(0, 0, 255);

    private final int r, g, b;

    Color(int r, int g, int b) {
        this.r = r;
        this.g = g;
        this.b = b;
    }

    public String pretty() {
        return name().toLowerCase();
    }
}
