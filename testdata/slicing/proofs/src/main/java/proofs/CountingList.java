package proofs;

import java.util.ArrayList;
import java.util.List;

/** A project List that counts what is added in static state. */
public class CountingList extends ArrayList<Integer> {
    private static final long serialVersionUID = 1L;

    @Override
    public boolean add(Integer x) {
        Counter.count++;
        return super.add(x);
    }

    public static List<Integer> make() {
        return new CountingList();
    }
}
