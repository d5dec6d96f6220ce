package disp;

import java.io.File;

/** A File that cannot be renamed: renameTo is no File method's helper, so the others stay the JDK's. */
public class StuckFile extends File {
    private static final long serialVersionUID = 1L;
    static int refused;

    public StuckFile(String path) {
        super(path);
    }

    @Override
    public boolean renameTo(File dest) {
        refused++;
        return false;
    }

    /** Renames f, which may be a StuckFile, whose renameTo counts. */
    public static boolean moved(File f, File to) {
        return f.renameTo(to);
    }
}
