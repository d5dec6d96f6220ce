package impl;

import java.io.PrintStream;

/** Replaces the standard output with a stream that counts in a Tally: printing runs project code. */
public final class Console {
    private Console() {
    }

    public static void capture() {
        System.setOut(new PrintStream(new TallyStream()));
    }

    public static void say(int[] xs) {
        System.out.println(xs);
    }

    /** A stream whose every byte counts. */
    static final class TallyStream extends java.io.OutputStream {
        @Override
        public void write(int b) {
            Tally.calls++;
        }
    }
}
