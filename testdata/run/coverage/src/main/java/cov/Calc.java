package cov;

import java.util.function.IntSupplier;

public class Calc {
    static int SEED = seed();
    static final Runnable NOOP = new Runnable() {
        @Override
        public void run() {
            Calc.seed();
        }
    };
    private final int base;

    static int seed() {
        return 1;
    }

    public Calc(int base) {
        this.base = base;
    }

    public int add(int x) {
        return base + x;
    }

    public int lazy(int x) {
        IntSupplier s = () -> {
            IntSupplier t = () -> twice(x);
            return t.getAsInt();
        };
        return s.getAsInt();
    }

    int twice(int x) {
        return 2 * x;
    }

    public Runnable job(int[] box) {
        return new Runnable() {
            @Override
            public void run() {
                box[0] = add(1);
            }
        };
    }

    public int inThread(int x) throws InterruptedException {
        int[] box = new int[1];
        Thread t = new Thread(() -> box[0] = twice(x));
        t.start();
        t.join();
        return box[0];
    }
}
