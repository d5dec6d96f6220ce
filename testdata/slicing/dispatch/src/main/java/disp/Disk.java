package disp;

import java.io.File;
import java.io.FileWriter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

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

    /** Writes through java.nio.file.Files. */
    public static void pathWrite(Path p, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        Files.write(p, bytes);
    }

    /** Only asks, through Files and Path. */
    public static boolean pathHere(Path p) throws IOException {
        return Files.exists(p) && Files.size(p.toAbsolutePath().normalize()) > 0;
    }

    /** Only computes a name. */
    public static String name(Path p) {
        return p.getFileName().toString();
    }

    /** Deletes through Files. */
    public static boolean pathGone(Path p) throws IOException {
        return Files.deleteIfExists(p);
    }

    /** Copies a stream, which may be project code that Files#copy reads. */
    public static long copyIn(InputStream in, Path p) throws IOException {
        return Files.copy(in, p);
    }
}
