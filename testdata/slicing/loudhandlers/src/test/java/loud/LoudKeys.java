package loud;

import java.util.Scanner;

/** A key whose hashCode makes a Counter: hashing it writes Counter.made. */
public final class LoudKeys {
    public static final Object LOUD = new Object() {
        @Override
        public int hashCode() {
            new Counter();
            return 1;
        }
    };

    private LoudKeys() {
    }

    /** Hashes as a Scanner does, a JDK class no table describes: unknown. */
    public static final class OnScanner {
        private final Scanner scanner;

        public OnScanner(Scanner scanner) {
            this.scanner = scanner;
        }

        @Override
        public int hashCode() {
            return scanner.hashCode();
        }
    }
}
