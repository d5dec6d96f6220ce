package eff;

/** Steps whose COUNTING constant counts in a static of the enum as it steps. */
public enum Tally {
    QUIET {
        @Override
        public int next(int x) {
            return x + 1;
        }
    },
    COUNTING {
        @Override
        public int next(int x) {
            count++;
            return x + 1;
        }
    };

    public static int count;

    public abstract int next(int x);
}
