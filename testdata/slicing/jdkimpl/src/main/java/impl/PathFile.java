package impl;

import java.io.File;

/** A File whose path is counted: File's own methods (exists, isFile…) read it through getPath. */
public class PathFile extends File {
    private static final long serialVersionUID = 1L;
    public static int asked;

    public PathFile(String path) {
        super(path);
    }

    @Override
    public String getPath() {
        asked++;
        return super.getPath();
    }

    /** Whether f exists: f may be a PathFile. */
    public static boolean here(File f) {
        return f.exists();
    }
}
