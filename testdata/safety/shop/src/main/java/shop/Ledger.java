package shop;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.Set;

/** A one-line ledger seen as a map. */
public final class Ledger extends AbstractMap<String, Integer> {
    private final Line line = new Line("total", 0);

    @Override
    public Set<Entry<String, Integer>> entrySet() {
        return Collections.singleton(line);
    }

    /**
     * A line of the ledger. Entry is Map.Entry, a member type this class inherits from
     * AbstractMap: no import names it, and a project class elsewhere is called Entry too.
     */
    static final class Line implements Entry<String, Integer> {
        private final String key;
        private Integer value;

        Line(String key, Integer value) {
            this.key = key;
            this.value = value;
        }

        @Override
        public String getKey() {
            return key;
        }

        @Override
        public Integer getValue() {
            return value;
        }

        @Override
        public Integer setValue(Integer value) {
            Integer old = this.value;
            this.value = value;
            return old;
        }
    }
}
