package proofs;

/** Made through a builder whose setters return the builder. */
public final class Pair {
    private final int left;
    private final int right;

    private Pair(int left, int right) {
        this.left = left;
        this.right = right;
    }

    public int sum() {
        return left + right;
    }

    public static Builder builder() {
        return new Builder();
    }

    public static final class Builder {
        private int left;
        private int right;

        public Builder left(int x) {
            left = x;
            return this;
        }

        public Builder right(int x) {
            right = x;
            return this;
        }

        public Pair build() {
            return new Pair(left, right);
        }
    }
}
