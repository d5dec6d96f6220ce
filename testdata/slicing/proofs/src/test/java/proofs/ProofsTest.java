package proofs;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.Test;

/**
 * Each rule that keeps a statement out of later slices, next to its unsafe near-miss: the
 * near-miss's slice must keep the statement, or its rendered slice fails.
 */
public class ProofsTest {
    @Test
    public void recursionThatOnlyComputesIsNoWriter() {
        int before = Counter.count();
        int f = Recur.fact(5);
        int e = Recur.even(4);
        assertEquals(before, Counter.count());
        assertEquals(120, f);
        assertEquals(1, e);
    }

    @Test
    public void recursionThatCountsIsAWriter() {
        int before = Counter.count();
        int z = Recur.countDown(3);
        assertEquals(before + 4, Counter.count());
        assertEquals(0, z);
    }

    @Test
    public void abstractStepOfProjectSubclassesIsNoWriter() {
        int before = Counter.count();
        Figure f = new Square(3);
        int a = f.area();
        assertEquals(before, Counter.count());
        assertEquals(9, a);
    }

    @Test
    public void overrideOfAnUnqualifiedCallCounts() {
        int before = Counter.count();
        Step s = new CountingStep();
        int r = s.run();
        assertEquals(before + 1, Counter.count());
        assertEquals(2, r);
    }

    @Test
    public void interfaceOfProjectClassesIsNoWriter() {
        int before = Counter.count();
        Metric m = new Fixed(4);
        int v = m.value();
        assertEquals(before, Counter.count());
        assertEquals(4, v);
    }

    @Test
    public void functionalInterfaceMayBeALambda() {
        int before = Counter.count();
        Source s = () -> Counter.count++;
        int got = s.next();
        assertEquals(before + 1, Counter.count());
        assertEquals(before, got);
    }

    @Test
    public void setsAndFreshListsAreNotTheProjectList() {
        int before = Counter.count();
        Set<Integer> s = new HashSet<>();
        s.add(1);
        List<Integer> xs = new ArrayList<>();
        xs.add(2);
        assertEquals(before, Counter.count());
        assertEquals(1, s.size());
        assertEquals(1, xs.size());
    }

    @Test
    public void listFromElsewhereMayBeTheProjectList() {
        int before = Counter.count();
        List<Integer> ys = CountingList.make();
        ys.add(1);
        assertEquals(before + 1, Counter.count());
        assertEquals(1, ys.size());
    }

    @Test
    public void arraysAndCollectionsChangeWhatTheyAreGiven() {
        int[] a = {3, 1, 2};
        Arrays.sort(a);
        List<Integer> xs = new ArrayList<>();
        xs.add(2);
        xs.add(1);
        Collections.sort(xs);
        assertEquals(1, a[0]);
        assertEquals(1, (int) xs.get(0));
    }

    @Test
    public void builderChainChangesOnlyFreshObjects() {
        int before = Counter.count();
        Pair p = Pair.builder().left(1).right(2).build();
        assertEquals(before, Counter.count());
        assertEquals(3, p.sum());
    }

    @Test
    public void freshBuilderRunsOnlyItsOwnChecks() {
        int before = Counter.count();
        int size = Sized.builder().setSize(3).size();
        assertEquals(before, Counter.count());
        assertEquals(3, size);
    }

    @Test
    public void freshBuilderWithCountingCheckWrites() {
        int before = Counter.count();
        int size = CountingSized.builder().setSize(3).size();
        assertEquals(before + 1, Counter.count());
        assertEquals(3, size);
    }

    @Test
    public void builderHandedACheckRunsIt() {
        int before = Counter.count();
        int size = Sized.builder().setCheck(CountingSized.COUNT).setSize(3).size();
        int again = Sized.counted().setSize(4).size();
        assertEquals(before + 2, Counter.count());
        assertEquals(7, size + again);
    }

    @Test
    public void chainThroughSharedResultWritesSharedState() {
        int before = Shelf.count();
        Shelf s = new Shelf();
        s.shared().offer(1);
        assertEquals(before + 1, Shelf.count());
    }

    @Test
    public void methodReferenceRunsWhereWritten() {
        int before = Counter.count();
        Deque<Integer> xs = new ArrayDeque<>();
        xs.offer(2);
        xs.forEach(Counter::add);
        assertEquals(before + 2, Counter.count());
    }

    @Test
    public void functionKeptByTheReceiverRuns() {
        List<String> seen = new ArrayList<>();
        Notifier n = new Notifier(seen::add);
        assertTrue(n.fire("a"));
        assertEquals(1, seen.size());
    }

    @Test
    public void lambdaOverTypedElementsOnlyReads() {
        Catalog c = new Catalog();
        c.add(new Item("a"));
        int before = Counter.count();
        boolean h = c.has("a");
        assertEquals(before, Counter.count());
        assertTrue(h);
    }

    @Test
    public void lambdaOverTypedElementsCounts() {
        Catalog c = new Catalog();
        c.add(new Item("a"));
        int before = Counter.count();
        boolean h = c.hasCounting("a");
        assertEquals(before + 1, Counter.count());
        assertTrue(h);
    }

    @Test
    public void inlinedConstantInitializesNothing() {
        int before = Counter.count();
        int limit = Limits.LIMIT;
        int boxed = Limits.BOXED;
        assertEquals(before, Counter.count());
        assertEquals(10, limit);
        assertEquals(10, boxed);
    }
}
