package eff;

import static org.junit.Assert.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.Test;

public class EffectsTest {
    @Test
    public void localListIsNotChangedByOtherReceivers() {
        List<Integer> xs = new ArrayList<>();
        xs.add(1);
        Calc c = new Calc();
        int y = c.twice(3);
        assertEquals(1, xs.size());
        assertEquals(6, y);
    }

    @Test
    public void escapedListIsChangedBySharedWrites() {
        List<Integer> xs = new ArrayList<>();
        xs.add(1);
        Keeper.keep(xs);
        Keeper.clearAll();
        assertEquals(0, xs.size());
    }

    @Test
    public void readOnlyHelperIsNotAWriter() {
        Calc c = new Calc();
        int before = Calc.calls();
        Checks.assertNear(4.0, 2.0 * 2.0, 1e-9);
        assertEquals(6, c.twice(3));
        assertEquals(before + 1, Calc.calls());
    }

    @Test
    public void countingHelperWritesStaticState() {
        int before = Checks.checked();
        Checks.assertCounted(4, 2 * 2);
        assertEquals(before + 1, Checks.checked());
    }

    @Test
    public void classInitializationIsNoStatementEffect() {
        int nine = Tables.square(3);
        Calc c = new Calc();
        c.add(2);
        assertEquals(16, Tables.square(4));
        assertEquals(9, nine);
    }

    @Test
    public void initializerReadingMutableStaticsStaysConservative() {
        Config.level = 5;
        assertEquals(100, Scaled.of(2));
    }

    @Test
    public void readingLambdaChangesOnlyItsBag() {
        Bag b = new Bag();
        b.add(-1);
        Bag other = new Bag();
        other.add(2);
        b.prune();
        assertEquals(1, other.size());
        assertEquals(0, b.size());
    }

    @Test
    public void countingLambdaWritesStaticState() {
        int before = Calc.calls();
        Bag b = new Bag();
        b.add(-1);
        b.pruneCounting();
        assertEquals(before + 1, Calc.calls());
    }

    @Test
    public void valuesInCollectionsRunNoCallbacks() {
        java.util.Set<String> names = new java.util.HashSet<>();
        int before = Tracked.hashes();
        names.add("a");
        assertEquals(before, Tracked.hashes());
        assertEquals(1, names.size());
    }

    @Test
    public void projectObjectsInHashSetsRunTheirHashCode() {
        int before = Tracked.hashes();
        java.util.Set<Tracked> set = new java.util.HashSet<>();
        set.add(new Tracked());
        assertEquals(before + 1, Tracked.hashes());
    }

    @Test
    public void typedArgumentsAndCopiesRunTheirHashCode() {
        int before = Tracked.hashes();
        Tracked t = new Tracked();
        List<Tracked> list = new ArrayList<>();
        list.add(t);
        java.util.Set<Tracked> copy = new java.util.HashSet<>(list);
        assertEquals(before + 1, Tracked.hashes());
        assertEquals(1, copy.size());
    }

    @Test
    public void staticHelpersHashOnlyWhenTheySayTheyDo() {
        Tracked t = new Tracked();
        List<Tracked> list = new ArrayList<>();
        int before = Tracked.hashes();
        List<Tracked> view = java.util.Collections.unmodifiableList(list);
        int h = java.util.Objects.hashCode(t);
        assertEquals(before + 1, Tracked.hashes());
        assertEquals(7, h);
        assertEquals(0, view.size());
    }

    @Test
    public void hashingAListHashesItsElements() {
        List<Tracked> xs = new ArrayList<>();
        xs.add(new Tracked());
        int before = Tracked.hashes();
        int h = xs.hashCode();
        assertEquals(before + 1, Tracked.hashes());
        assertEquals(31 + 7, h);
    }

    @Test
    public void printingValuesRunsNoProjectCode() {
        List<String> names = new ArrayList<>();
        names.add("a");
        int before = Tracked.hashes();
        String s = names.toString() + new Object().getClass().getSimpleName();
        assertEquals(before, Tracked.hashes());
        assertEquals("[a]Object", s);
    }

    @Test
    public void lambdasHandedToProjectCodeAreReadWhereWritten() {
        int before = Calc.calls();
        Integer a = Funcs.orElse(null, () -> 5);
        Integer b = Funcs.orElse(null, () -> Calc.calls++);
        assertEquals(5, a.intValue());
        assertEquals(before, b.intValue());
        assertEquals(before + 1, Calc.calls());
    }

    @Test
    public void functionValuesRunLaterStayUnknown() {
        int before = Calc.calls();
        java.util.function.Supplier<Integer> counting = () -> Calc.calls++;
        Funcs.keep(counting);
        Integer c = Funcs.fromKept();
        assertEquals(before, c.intValue());
        assertEquals(before + 1, Calc.calls());
    }

    @Test
    public void localPropertiesAreNotChangedByOtherReceivers() {
        java.util.Properties props = new java.util.Properties();
        props.setProperty("a", "1");
        Calc c = new Calc();
        int y = c.twice(3);
        assertEquals("1", props.getProperty("a"));
        assertEquals(6, y);
    }

    @Test
    public void escapedPropertiesAreChangedBySharedWrites() {
        java.util.Properties props = new java.util.Properties();
        props.setProperty("a", "1");
        Keeper.keepSettings(props);
        Keeper.resetSettings();
        assertEquals(null, props.getProperty("a"));
    }

    @Test
    public void printingHelpersDoNotChain() {
        Calc c = new Calc();
        int y = c.twice(3);
        assertEquals(true, Report.near("first", 4.0, 2.0 * 2.0));
        assertEquals(true, Report.near("second", 9.0, 3.0 * 3.0));
        assertEquals(6, y);
    }

    @Test
    public void methodReferenceLocalsRunWhereTheyAreHandedOn() {
        java.util.function.IntUnaryOperator abs = Math::abs;
        Calc c = new Calc();
        int y = c.twice(3);
        assertEquals(2, Checks.applied(abs, -2));
        java.util.function.IntUnaryOperator counting = c::twice;
        int before = Calc.calls();
        assertEquals(8, Checks.applied(counting, 4));
        assertEquals(before + 1, Calc.calls());
        assertEquals(6, y);
    }

    @Test
    public void lambdaLocalsRunWhereTheyAreHandedOn() {
        int[] seen = {0};
        java.util.function.IntUnaryOperator note = x -> {
            seen[0] += x;
            return x;
        };
        Calc c = new Calc();
        int y = c.twice(3);
        assertEquals(2, Checks.applied(note, 2));
        assertEquals(2, seen[0]);
        assertEquals(6, y);
    }

    @Test
    public void objectsRunWhereTheyAreHandedOn() {
        Checks.Fixed fixed = new Checks.Fixed(2);
        int before = Checks.Counting.count;
        assertEquals(2, Checks.applied(fixed, -2));
        Checks.Counting counting = new Checks.Counting();
        assertEquals(-2, Checks.applied(counting, -2));
        assertEquals(before + 1, Checks.Counting.count);
    }

    @Test
    public void nestedEnumConstantsAreNoSharedState() {
        Calc c = new Calc();
        int y = c.twice(3);
        Checks.Modes.Kind mode = Checks.Modes.Kind.STRICT;
        assertEquals(true, mode == Checks.Modes.Kind.STRICT);
        assertEquals(6, y);
    }

    @Test
    public void printingIsNoStateProjectCodeReads() {
        int before = Calc.calls();
        Report.sayLength(new int[] {1, 2});
        assertEquals(6, new Calc().twice(3));
        assertEquals(before + 1, Calc.calls());
    }

    @Test
    public void unknownCodeMayReadWhatWasPrinted() throws Exception {
        Report.sayLength(new int[] {1, 2});
        Object said = Report.class.getMethod("describe", int.class, int.class).invoke(null, 1, 2);
        assertEquals("1 of 2", said);
    }

    @Test
    public void anonymousGeneratorsRunWhereTheyAreWritten() {
        int before = Calc.calls();
        double h = Sums.harmonic(2);
        assertEquals(6, new Calc().twice(3));
        assertEquals(before + 1, Calc.calls());
        assertEquals(1.5, h, 1e-9);
    }

    @Test
    public void countingGeneratorsChangeSharedState() {
        int before = Sums.generated;
        double h = Sums.countedHarmonic(2);
        assertEquals(before + 2, Sums.generated);
        assertEquals(1.5, h, 1e-9);
    }

    @Test
    public void anonymousClassesOfTestsRunWhereTheyAreHandedOn() {
        int before = Sums.generated;
        double t = Sums.total(new java.util.function.DoubleSupplier() {
            @Override
            public double getAsDouble() {
                Sums.generated++;
                return 1;
            }
        }, 3);
        assertEquals(before + 3, Sums.generated);
        assertEquals(3.0, t, 1e-9);
    }

    @Test
    public void printedOutputIsNoObjectALoopVariableMayAlias() throws Exception {
        int before = Calc.calls();
        @SuppressWarnings("unchecked")
        java.util.List<String> parts = (java.util.List<String>) Report.class.getMethod("parts").invoke(null);
        int n = 0;
        for (String part : parts) {
            n += part.length();
        }
        Report.sayLength(new int[] {n});
        assertEquals(6, new Calc().twice(3));
        assertEquals(before + 1, Calc.calls());
    }

    @Test
    public void readingMethodReferenceLocalsRunWhereTheyAreHandedOn() {
        int before = Calc.calls();
        java.util.function.IntUnaryOperator clamp = Sums::clamp;
        assertEquals(6, new Calc().twice(3));
        assertEquals(4, Checks.applied(clamp, 4));
        assertEquals(before + 1, Calc.calls());
    }

    @Test
    public void readingMethodReferencesWhoseResultsChangeStayWriters() {
        java.util.function.Supplier<java.util.List<Integer>> terms = Sums::terms;
        int before = Sums.terms().size();
        Checks.grow(terms);
        assertEquals(before + 1, Sums.terms().size());
    }

    @Test
    public void anonymousSubclassesOfProjectGeneratorsStayWriters() {
        int before = Sums.generated;
        double t = Sums.countedByBase(2);
        assertEquals(before + 2, Sums.generated);
        assertEquals(2.0, t, 1e-9);
    }

    @Test
    public void enumConstantBodiesAreReadAsTheEnumsMethods() {
        int before = Calc.calls();
        long down = Sums.rounded(Rounding.DOWN, 2.5);
        assertEquals(6, new Calc().twice(3));
        assertEquals(before + 1, Calc.calls());
        assertEquals(2L, down);
    }

    @Test
    public void enumConstantBodiesThatCountStayWriters() {
        int before = Tally.count;
        int next = Sums.tallied(Tally.COUNTING, 1);
        assertEquals(before + 1, Tally.count);
        assertEquals(2, next);
    }

    @Test
    public void nestedEnumConstantsWithStateAreSharedState() {
        int before = Checks.Meters.Kind.HITS.used();
        Checks.Meters.Kind.HITS.use();
        assertEquals(before + 1, Checks.Meters.Kind.HITS.used());
    }

    @Test
    public void valueClassesChangeUnderNoCall() throws Exception {
        Ratio half = new Ratio(java.math.BigInteger.ONE, java.math.BigInteger.valueOf(2));
        Keeper.poke(half, "hashCode");
        assertEquals(false, half.whole());
    }

    @Test
    public void finalClassesHoldingMutableObjectsStillChange() throws Exception {
        Pocket pocket = new Pocket();
        pocket.put("key");
        Keeper.poke(pocket, "empty");
        assertEquals(0, pocket.count());
    }

    @Test
    public void classesASubclassMayChangeStillChange() throws Exception {
        Span span = new StretchSpan();
        Keeper.poke(span, "grow");
        assertEquals(2, span.length());
    }

    @Test
    public void innerObjectsChangeTheObjectThatMadeThem() {
        Meter meter = new Meter();
        Calc calc = new Calc();
        Meter.Needle needle = meter.needle();
        int six = calc.twice(3);
        needle.move();
        assertEquals(2, meter.turns());
        assertEquals(6, six);
    }

    @Test
    public void innerObjectsMadeAndMovedInsideTheirEnclosingClass() {
        Meter spun = new Meter();
        spun.spin();
        assertEquals(1, spun.turns());
        Meter listed = new Meter();
        java.util.List<Meter.Needle> needles = listed.needles();
        needles.get(0).move();
        assertEquals(3, listed.turns());
        Meter kept = new Meter();
        kept.spinListed();
        assertEquals(4, kept.turns());
    }

    @Test
    public void makingAnInnerObjectMayChangeItsEnclosingObject() {
        Meter meter = new Meter();
        meter.click();
        assertEquals(1, meter.turns());
        Meter dialled = new Meter();
        dialled.dial();
        assertEquals(1, dialled.turns());
        Meter geared = new Meter();
        geared.gear();
        assertEquals(1, geared.turns());
    }

    @Test
    public void innerClassesReadTheirEnclosingObject() throws Exception {
        Gauge gauge = new Gauge();
        Gauge.Reading reading = gauge.reading();
        Keeper.poke(gauge, "raise");
        assertEquals(1, reading.value());
    }
}
