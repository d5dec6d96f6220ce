package shop;

import java.io.Serializable;

/**
 * Holds a local written Pairs<T>.Cursor in a class with a library supertype: the index reads
 * the type by its last name, Cursor, found in scope by no rule it follows, yet a project type.
 */
public final class PairCount implements Serializable {
    private static final long serialVersionUID = 1L;

    public boolean any(Pairs<String> pairs) {
        Pairs<String>.Cursor cursor = pairs.cursor();
        return cursor.more();
    }
}
