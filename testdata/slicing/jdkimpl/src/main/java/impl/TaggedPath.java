package impl;

import java.nio.file.Path;

/** A Path the project may implement: a Path's methods may then run project code. */
public interface TaggedPath extends Path {
    String tag();

    /** The file name of p, which may be a TaggedPath. */
    static String name(Path p) {
        return p.getFileName().toString();
    }
}
