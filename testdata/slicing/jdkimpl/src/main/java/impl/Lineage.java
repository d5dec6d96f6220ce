package impl;

import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Sizes of lists private helpers make: a JDK list, or the project's counting Tally. */
public final class Lineage {
    private Lineage() {
    }

    private static List<String> names(String name) {
        if (name == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        out.add(name);
        return out;
    }

    private static List<String> copied(String name) {
        return names(name);
    }

    private static List<String> tallied() {
        return new Tally();
    }

    public static int count(String name) {
        List<String> all = copied(name);
        return all.size();
    }

    public static int countTallied() {
        List<String> all = tallied();
        return all.size();
    }

    private static void collect(String name, Set<String> found) {
        found.add(name);
    }

    private static int sized(List<String> list) {
        return list.size();
    }

    public static int distinct(String a, String b) {
        Set<String> found = new LinkedHashSet<>();
        collect(a, found);
        collect(b, found);
        return found.size();
    }

    public static int sizedTally() {
        List<String> tally = new Tally();
        return sized(tally);
    }

    public static int distinctTallied(String a) {
        Set<String> found = new AbstractSet<String>() {
            @Override
            public boolean add(String s) {
                Tally.calls++;
                return false;
            }

            @Override
            public Iterator<String> iterator() {
                return Collections.emptyIterator();
            }

            @Override
            public int size() {
                return 0;
            }
        };
        collect(a, found);
        return found.size();
    }
}
