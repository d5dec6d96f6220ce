package disp;

import java.io.File;
import java.io.FileWriter;
import java.io.IOException;

/** Asks and changes the file system through java.io.File. */
public final class Disk {
    private Disk() {
    }

    public static void write(File f, String s) throws IOException {
        try (FileWriter w = new FileWriter(f)) {
            w.write(s);
        }
    }

    /** Only asks. */
    public static boolean here(File f) {
        return f.exists() && f.isFile() && f.length() > 0;
    }

    /** Asks about its directory. */
    public static boolean parentHere(File f) {
        return f.getParentFile().exists();
    }

    /** Deletes. */
    public static boolean gone(File f) {
        return f.delete();
    }
}
