package eff;

/** Rounding modes whose constants implement apply in class bodies of their own. */
public enum Rounding {
    DOWN {
        @Override
        public long apply(double x) {
            return (long) Math.floor(x);
        }
    },
    UP {
        @Override
        public long apply(double x) {
            return (long) Math.ceil(x);
        }
    };

    public abstract long apply(double x);
}
