package impl;

import java.util.List;

/** Splits into the project's counting Tally. */
public class TalliedCounts extends Counts {
    @Override
    protected List<String> split(String s) {
        return new Tally();
    }
}
