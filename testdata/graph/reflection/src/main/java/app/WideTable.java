package app;

public class WideTable {
    static final int[] ROWS = {1, 2};
    static final int[] COLUMNS = Layout.columns();
}
