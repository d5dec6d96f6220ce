package eff;

/** Values from a table built once by a lazy holder class. */
public final class Tables {
    private Tables() {
    }

    private static final class Holder {
        static final int[] SQUARES = build();

        private static int[] build() {
            int[] t = new int[10];
            for (int i = 0; i < t.length; i++) {
                t[i] = i * i;
            }
            return t;
        }
    }

    public static int square(int i) {
        return Holder.SQUARES[i];
    }
}
