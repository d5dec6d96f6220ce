package slicing

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis"
)

// TestAssignments pins which writes the token scan finds and their targets.
func TestAssignments(t *testing.T) {
	cases := []struct {
		code string
		want []string // target chains joined with "."; "[]" marks an indexed target
	}{
		{"x = 1;", []string{"x"}},
		{"int y = a + b;", []string{"y"}},
		{"h.f = x;", []string{"h.f"}},
		{"this.f = x;", []string{"this.f"}},
		{"a[i] = 3;", []string{"a[]"}},
		{"n += 2; n++; --m;", []string{"n", "n", "m"}},
		{"x <<= 1; y >>>= 2;", []string{"x", "y"}},
		{"if (a == b && c != d && e <= f && g >= h) {}", nil},
		{"List<List<String>> l = new ArrayList<>();", []string{"l"}},
		{"foo(a -> a + 1);", nil},
	}
	for _, c := range cases {
		src := []byte(c.code)
		var got []string
		for _, a := range assignments(src, analysis.Lex(src, 0, len(src))) {
			s := ""
			for i, p := range a.target {
				if i > 0 {
					s += "."
				}
				s += p
			}
			if a.indexed {
				s += "[]"
			}
			got = append(got, s)
		}
		if join(got) != join(c.want) {
			t.Errorf("%q: got %v, want %v", c.code, got, c.want)
		}
	}
}

// TestEffectProofs pins what the effect proofs conclude about fixture members.
func TestEffectProofs(t *testing.T) {
	s := fixture(t, "rules")
	p := newProject(s, s.Source.Read, Options{})
	cases := []struct {
		member string
		want   string
	}{
		{"rules.Counter#value()", "none"},                        // getter of a value
		{"rules.Counter#increment()", "mut=this"},                // changes its own field only
		{"rules.Counter#<init>(int)", "none"},                    // constructors may set their own fields
		{"rules.Holder#total()", "none"},                         // loop over own state, local writes only
		{"rules.Holder#add(Counter)", "mut=this,0 store=this,0"}, // keeps its argument
		{"rules.Registry#count()", "reads"},                      // reads static state
		{"rules.Registry#register(String)", "reads writes"},
		{"rules.Service#explode()", "none"},       // throwing changes nothing
		{"rules.Calculator#add(int,int)", "none"}, // static arithmetic
		{"rules.HelperTest#checkValue(int,Counter)", "none"},
		{"rules.RulesAsserts#assertValue(int,Counter)", "none"},
	}
	for _, c := range cases {
		if got := summaryOf(t, s, p, c.member); got != c.want {
			t.Errorf("%s: effect %s, want %s", c.member, got, c.want)
		}
	}
}

// TestAssertionNames pins framework assertion recognition and custom helpers.
func TestAssertionNames(t *testing.T) {
	s := fixture(t, "rules")
	p := newProject(s, s.Source.Read, Options{ExtraAssertions: []string{"expectThat"}})
	cases := []struct {
		name  string
		arity int
		want  bool
	}{
		{"assertEquals", 2, true}, {"assertThat", 1, true}, {"assertThatThrownBy", 1, true},
		{"assertWithMessage", 1, true}, {"fail", 0, true}, {"verify", 1, true},
		{"verifyNoMoreInteractions", 1, true}, {"expectThat", 1, true},
		{"checkValue", 2, true}, {"checkPositive", 1, true}, {"assertValue", 2, true},
		{"checkValue", 3, false}, {"increment", 0, false}, {"when", 1, false},
	}
	for _, c := range cases {
		if got := p.isAssertionCall(c.name, c.arity); got != c.want {
			t.Errorf("%s/%d: %v, want %v", c.name, c.arity, got, c.want)
		}
	}
}

// TestEffectSummaries pins the summaries behind the effects fixture: one row per rule and
// per unsafe near-miss.
func TestEffectSummaries(t *testing.T) {
	s := fixture(t, "effects")
	p := newProject(s, s.Source.Read, Options{})
	cases := []struct {
		member string
		want   string
	}{
		{"eff.Calc#twice(int)", "reads writes mut=this"},                                          // counts in static state
		{"eff.Calc#add(Integer)", "mut=this"},                                                     // changes itself only
		{"eff.Keeper#keep(List)", "reads writes prints mut=0 leak=0"},                             // its argument escapes
		{"eff.Tables#square(int)", "reads"},                                                       // holder-class init is no effect
		{"eff.Scaled#of(int)", "none"},                                                            // FACTOR is a constant to readers…
		{"eff.Bag#prune()", "mut=this"},                                                           // a reading lambda
		{"eff.Bag#pruneCounting()", "reads writes mut=this leak=this"},                            // a lambda writing static state, run by the JDK list in the call
		{"eff.Bag#countPositive()", "none"},                                                       // while loop over own state
		{"eff.Bag#copyInto(int[])", "mut=0"},                                                      // System.arraycopy changes its dest
		{"eff.Bag#describe()", "reads"},                                                           // a local StringWriter; "java.io" reads as a name
		{"eff.Bag#lengthOf(Object)", "none"},                                                      // Array.getLength reads its argument only
		{"eff.Bag#setFirst(Object,Object)", "mut=0,1 store=0,1"},                                  // Array.set changes the array, keeps the value
		{"eff.Funcs#orElse(Integer,Supplier)", "runs=1"},                                          // runs the function it is given (an Integer: a value)
		{"eff.Funcs#orZero(Integer)", "none"},                                                     // …a lambda written in place
		{"eff.Funcs#fromKept()", "global"},                                                        // runs a function kept in a static
		{"eff.Checks#assertNear(double,double,double)", "none"},                                   // read-only assertion helper
		{"eff.Checks#assertCounted(int,int)", "reads writes"},                                     // helper writing a static
		{"eff.Lookup#idsHash()", "none"},                                                          // a private field only holding JDK sets of Integer
		{"eff.Lookup#trackedHash()", "reads writes prints mut=this leak=this"},                    // …of Tracked: hashing the set hashes them
		{"eff.Lookup#openHash()", "reads writes prints mut=this leak=this"},                       // a field anyone may set to a CountingSet
		{"eff.Lookup#names(List)", "none"},                                                        // printing a list of values
		{"eff.Lookup#any(List)", "reads writes prints mut=0 leak=0"},                              // …of anything: any project toString may run
		{"eff.Lookup#kind(Object)", "none"},                                                       // Object#getClass is final
		{"eff.Lookup#digits(String)", "none"},                                                     // Pattern is a value, its Matcher a local
		{"eff.Lookup#bits(int)", "none"},                                                          // a local BitSet
		{"eff.Lookup#twoSteps()", "none"},                                                         // a private method has no overrides
		{"eff.Lookup#twoHops()", "reads writes"},                                                  // a protected one has LoudLookup's
		{"eff.Grow#ensure(int)", "mut=this ret=args"},                                             // () -> new char[n] binds nothing
		{"eff.Grow#share()", "reads writes mut=this leak=this ret=args|shared"},                   // () -> shared hands out a static
		{"eff.Ratio#sameAs(Ratio)", "none"},                                                       // BigInteger calls give BigIntegers
		{"eff.Ratio#whole()", "none"},                                                             // BigInteger.ONE is a constant
		{"eff.Ratio#crossSum(Ratio)", "none"},                                                     // (a.b(…)).c(…) runs c on what b gives
		{"eff.Ratio#picked()", "reads writes"},                                                    // pick(num).twice(1): pick's parentheses are no group
		{"eff.Report#near(String,double,double)", "prints"},                                       // printf writes the standard output, reading nothing shared
		{"eff.Report#sayLength(int[])", "prints"},                                                 // …printing a number
		{"eff.Series#sum(double)", "none"},                                                        // Series.Terms.first: a nested class's static; verbose keeps its initial value
		{"eff.Series#countedSum(double)", "reads writes"},                                         // …Terms.counted counts
		{"eff.Series#traced()", "reads"},                                                          // tracing is assigned by setTracing
		{"eff.Report#describe(int,int)", "none"},                                                  // MessageFormat.format is a pure JDK static
		{"eff.Report#describeSet(CountingSet)", "reads writes prints mut=0 leak=0"},               // …running the callbacks of what it formats
		{"eff.Shapes#describe(Shape)", "none"},                                                    // Object's toString: no class of Shape declares one
		{"eff.Shapes#describe(Counted)", "reads writes"},                                          // …which calls Tallied's counting hashCode
		{"eff.Kept#keepLength(int[])", "reads writes"},                                            // xs.length is a number: xs is not kept
		{"eff.Kept#keepArray(int[])", "reads writes mut=0 leak=0"},                                // …xs itself is
		{"eff.Report#show(StringBuilder)", "reads writes prints mut=0 leak=0"},                    // …println too (printing a builder reads it as a collection)
		{"eff.Ratio#sameReduced(Ratio)", "none"},                                                  // var mine = reduced(): a Ratio, as javac infers
		{"eff.Ratio#pickedLater()", "reads writes"},                                               // …var calc = pick(den): a Calc, which counts
		{"eff.Steps#describe(Step)", "none"},                                                      // a lambda's toString is Object's
		{"eff.Steps#describe(Noisy)", "reads writes"},                                             // …Counted's counts
		{"eff.Steps#run(Step)", "runs=0"},                                                         // …but a lambda's apply is the caller's function
		{"eff.Steps#anyMissing(Step[])", "none"},                                                  // Arrays.asList: a JDK list over the array
		{"eff.Steps#replaceFirst(Step[],Step)", "reads writes prints mut=0,1 store=0,1 leak=0,1"}, // …set writes through to the array
		{"eff.Report#label(String,int)", "none"},                                                  // "…" + (a ? s.trim() : "none"): a String either way
		{"eff.Report#labelSet(CountingSet)", "reads writes prints mut=0 leak=0"},                  // …(a ? "none" : set): the set's callbacks run
		{"eff.Checks#wholeAfter(UnaryOperator,Ratio)", "runs=0"},                                  // op.apply(r) is a Ratio: whole() reads it; a Ratio, a value class, changes under no call
		{"eff.Checks#twiceAfter(Supplier)", "reads writes mut=0 runs=0"},                          // …make.get() a Calc, which counts
		{"eff.Checks#describedAfter(Supplier)", "reads writes prints mut=0 leak=0 runs=0"},        // …a T: any project toString
		{"eff.Sums#countedByBase(int)", "global"},                                                 // …an anonymous subclass of a project class, whose inherited getAsDouble counts
		{"eff.Sums#rounded(Rounding,double)", "none"},                                             // the enum constants' own apply bodies, read as Rounding's
		{"eff.Sums#tallied(Tally,int)", "reads writes"},                                           // …COUNTING's next counts in a static
		{"eff.Sums#harmonic(int)", "reads"},                                                       // an anonymous generator made and run here: its own field counts
		{"eff.Sums#countedHarmonic(int)", "reads writes"},                                         // …one counting in a static
		{"eff.Sums#keptHarmonic(int)", "global"},                                                  // …one kept in a static, where anyone may run it later
		{"eff.Meter#needle()", "ret=args"},                                                        // an inner object built from its argument: it reaches the meter
		{"eff.Meter#spin()", "mut=this"},                                                          // …moved in place: the meter turns
		{"eff.Meter#click()", "reads writes prints mut=this leak=this"},                           // …one whose making turns the meter
	}
	for _, c := range cases {
		if got := summaryOf(t, s, p, c.member); got != c.want {
			t.Errorf("%s: effect %s, want %s", c.member, got, c.want)
		}
	}
	// …but initializing Scaled reads Config.level, so every trigger reads shared state.
	if got := p.clinitEffect(s.Type("eff.Scaled")).String(); got != "reads" {
		t.Errorf("clinit of Scaled: %s, want reads", got)
	}
	if got := p.clinitEffect(s.Type("eff.Tables.Holder")).String(); got != "none" {
		t.Errorf("clinit of Tables.Holder: %s, want none", got)
	}
}

// TestProofSummaries pins the summaries behind the proofs fixture: recursion solved as a
// fixpoint, abstract and interface dispatch over project classes, overrides of unqualified
// calls, streams with typed lambda parameters, functions held by the receiver, arrays, and
// compile-time constants.
func TestProofSummaries(t *testing.T) {
	s := fixture(t, "proofs")
	p := newProject(s, s.Source.Read, Options{})
	cases := []struct {
		member string
		want   string
	}{
		{"proofs.Recur#fact(int)", "none"},                                                       // self-recursive, pure
		{"proofs.Recur#even(int)", "none"},                                                       // mutually recursive, pure
		{"proofs.Recur#countDown(int)", "reads writes"},                                          // recursive, counts
		{"proofs.Figure#area()", "none"},                                                         // abstract step, project subclasses only
		{"proofs.Step#run()", "reads writes"},                                                    // a subclass overrides the step and counts
		{"proofs.Catalog#has(String)", "none"},                                                   // a stream over typed elements
		{"proofs.Catalog#hasCounting(String)", "global"},                                         // …whose lambda counts
		{"proofs.Notifier#fire(String)", "runs=this"},                                            // runs the function it keeps
		{"proofs.Values#copy(int[])", "none"},                                                    // an int[]'s clone shares nothing
		{"proofs.Values#blank(CharSequence)", "none"},                                            // no project class is a CharSequence
		{"proofs.Values#scale(double[])", "mut=0"},                                               // a double constant shares nothing
		{"proofs.CountingList#make()", "none"},                                                   // a fresh project list
		{"proofs.Shelf#shared()", "reads ret=shared"},                                            // hands out static state
		{"proofs.Pair.Builder#left(int)", "mut=this ret=args"},                                   // a builder returns itself
		{"proofs.Fixed#value()", "none"},                                                         // a getter
		{"proofs.Decimal#rounding()", "none"},                                                    // a covariant return types the chain
		{"proofs.Ledger#rounding()", "reads writes"},                                             // …and dispatch still covers its subtypes
		{"proofs.Money#doubled()", "none"},                                                       // Ring<Money>'s T is Money
		{"proofs.Coins#total(Coins)", "reads writes prints mut=this,0 store=this,0 leak=this,0"}, // an overload of another type: plus(..) has two types, cents() is unknown
	}
	for _, c := range cases {
		if got := summaryOf(t, s, p, c.member); got != c.want {
			t.Errorf("%s: effect %s, want %s", c.member, got, c.want)
		}
	}
	limits := s.Type("proofs.Limits")
	for field, want := range map[string]bool{"LIMIT": true, "BOXED": false} {
		if got := p.inlined(p.fieldOf(limits, field)); got != want {
			t.Errorf("Limits.%s inlined=%v, want %v", field, got, want)
		}
	}
	if got := p.clinitEffect(limits).String(); got != "reads writes" {
		t.Errorf("clinit of Limits: %s, want reads writes", got)
	}
	// Running what a fresh object holds: Sized's default check only reads the builder;
	// CountingSized's counts; Sized.counted() hands its new object a shared check first.
	for _, c := range []struct{ typ, factory, want string }{
		{"proofs.Sized", "builder", "none"},
		{"proofs.Sized", "counted", "global"},
		{"proofs.CountingSized", "builder", "global"},
	} {
		ty := s.Type(c.typ)
		for _, m := range ty.Members {
			if m.Name == c.factory {
				if got := p.factoryHeldEffect(memberRef{m, ty}).String(); got != c.want {
					t.Errorf("functions held by what %s.%s() returns: %s, want %s", c.typ, c.factory, got, c.want)
				}
			}
		}
	}
}

// TestInnerObjectSlices pins inner classes whose making touches nothing of the enclosing
// object: making one is no change, yet the new object holds the object that made it, so
// changing it (returned, moved in place, or kept in a list) changes that object. Making
// one whose constructor turns the enclosing object stays an unknown effect.
func TestInnerObjectSlices(t *testing.T) {
	const rel = "src/test/java/eff/EffectsTest.java"
	_, classes := discover(t, "effects", Options{})
	cases := []struct {
		method, assertion string
		has, lacks        []string
	}{
		{"innerObjectsChangeTheObjectThatMadeThem", "assertEquals(2, meter.turns())", []string{"needle.move()", "meter.needle()"}, nil},
		{"innerObjectsChangeTheObjectThatMadeThem", "assertEquals(6, six)", []string{"calc.twice(3)"}, []string{"meter.needle()", "needle.move()"}},
		{"innerObjectsMadeAndMovedInsideTheirEnclosingClass", "assertEquals(1, spun.turns())", []string{"spun.spin()"}, nil},
		{"innerObjectsMadeAndMovedInsideTheirEnclosingClass", "assertEquals(3, listed.turns())", []string{"listed.needles()", "needles.get(0).move()"}, nil},
		{"innerObjectsMadeAndMovedInsideTheirEnclosingClass", "assertEquals(4, kept.turns())", []string{"kept.spinListed()"}, nil},
		{"makingAnInnerObjectMayChangeItsEnclosingObject", "assertEquals(1, meter.turns())", []string{"meter.click()"}, nil},
		{"makingAnInnerObjectMayChangeItsEnclosingObject", "assertEquals(1, dialled.turns())", []string{"dialled.dial()"}, nil},
		{"makingAnInnerObjectMayChangeItsEnclosingObject", "assertEquals(1, geared.turns())", []string{"geared.gear()"}, nil},
	}
	for _, c := range cases {
		got := sliceLines(t, classes, "eff.EffectsTest#"+c.method, lineOf(t, "effects", rel, c.method, c.assertion))
		for _, h := range c.has {
			if !slices.Contains(got, lineOf(t, "effects", rel, c.method, h)) {
				t.Errorf("%s: the slice of %s (lines %v) misses %s", c.method, c.assertion, got, h)
			}
		}
		for _, l := range c.lacks {
			if slices.Contains(got, lineOf(t, "effects", rel, c.method, l)) {
				t.Errorf("%s: the slice of %s (lines %v) holds %s", c.method, c.assertion, got, l)
			}
		}
	}
}

// TestObjectMethodCallbacks pins what hashCode, equals and toString may run beyond
// project classes: a proxy's handler answering Object's methods in a method of its own
// (Shield), an anonymous new Object() { … } read where it is written (Keys), and a JDK
// class that keeps Object's hashCode (FileChannel) — each next to a near-miss that stays
// a writer or unknown (LoudShield and LoudKeys make Counters; Scanner is in no table) —
// and an unqualified hashCode() in a class that declares none, which is Object's unless a
// subclass overrides it (Plain; Hashed, whose subclass LoudHashed makes Counters).
func TestObjectMethodCallbacks(t *testing.T) {
	quiet := fixture(t, "handlers")
	qp := newProject(quiet, quiet.Source.Read, Options{})
	loud := fixture(t, "loudhandlers")
	lp := newProject(loud, loud.Source.Read, Options{})
	invoke := func(s *analysis.Snapshot, typ string) memberRef {
		ty := s.Type(typ)
		return memberRef{ty.Member(typ + "#invoke(Object,Method,Object[])"), ty}
	}
	cases := []struct {
		what, got, want string
	}{
		{"Shield's Object methods", qp.objectMethodsEffect(invoke(quiet, "handlers.Shield")).String(), "reads ret=args"},
		{"LoudShield's Object methods", lp.objectMethodsEffect(invoke(loud, "loud.LoudShield")).String(), "reads writes"},
		{"Keys.OnChannel#hashCode", summaryOf(t, quiet, qp, "handlers.Keys.OnChannel#hashCode()"), "reads mut=this"},
		{"Keys.OnChannel#equals", summaryOf(t, quiet, qp, "handlers.Keys.OnChannel#equals(Object)"), "reads mut=this"},
		{"Keys.Ordered#toString: a Comparator's", summaryOf(t, quiet, qp, "handlers.Keys.Ordered#toString()"), "reads mut=this"},
		{"Plain#twice: Object's hashCode, identity", summaryOf(t, loud, lp, "loud.Plain#twice()"), "none"},
		{"Hashed#twice: LoudHashed overrides hashCode", summaryOf(t, loud, lp, "loud.Hashed#twice()"), "reads writes"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: %s, want %s", c.what, c.got, c.want)
		}
	}
	if e := qp.memberEffect(invoke(quiet, "handlers.Shield")); !e.writes() {
		t.Errorf("Shield#invoke as a whole runs its delegate by reflection: %s, want unknown", e)
	}
	if e := summaryOf(t, loud, lp, "loud.LoudKeys.OnScanner#hashCode()"); !strings.Contains(e, "writes") {
		t.Errorf("LoudKeys.OnScanner#hashCode runs Scanner's hashCode, which no table describes: %s, want unknown", e)
	}
	if e, ok := qp.anonymousObjectsEffect(); !ok || e.writes() {
		t.Errorf("handlers' anonymous Objects: %s %v, want read-only", e, ok)
	}
	if e, ok := lp.anonymousObjectsEffect(); !ok || !e.writes() {
		t.Errorf("loudhandlers' anonymous Object makes a Counter: %s %v, want a writer", e, ok)
	}
}

// TestInheritedCallbacks pins which callbacks project classes take from a library
// superclass and what they run: AbstractList's hashCode, equals and toString read the list
// through its own get and size, Throwable's toString asks a RuntimeException subclass for
// its message; Counter keeps Object's, which run nothing of it. The callbacks are
// read-only where those methods are (handlers' Rows) and writers where one makes a Counter
// (loudrows' CountingRows, Oops), and Box's hashCode on its type variable is the callbacks'.
func TestInheritedCallbacks(t *testing.T) {
	sites := func(p *project) []string {
		var out []string
		for _, c := range p.inheritedCallbacks() {
			var runs []string
			for _, r := range c.runs {
				runs = append(runs, r.m.ID)
			}
			out = append(out, fmt.Sprintf("%s %s from %s runs %s", c.t.ID, c.callback, c.library, strings.Join(runs, ",")))
		}
		return out
	}
	loud := fixture(t, "loudrows")
	lp := newProject(loud, loud.Source.Read, Options{})
	want := []string{
		"rows.CountingRows hashCode from AbstractList runs rows.CountingRows#get(int),rows.CountingRows#size()",
		"rows.CountingRows equals from AbstractList runs rows.CountingRows#get(int),rows.CountingRows#size()",
		"rows.CountingRows toString from AbstractList runs rows.CountingRows#get(int),rows.CountingRows#size()",
		"rows.Oops toString from RuntimeException runs rows.Oops#getMessage()",
	}
	if got := sites(lp); !slices.Equal(got, want) {
		t.Errorf("loudrows' inherited callbacks:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if e := lp.callbackEffect(); !e.writes() {
		t.Errorf("loudrows' callbacks: %s, want a writer (CountingRows#get makes a Counter)", e)
	}
	quiet := fixture(t, "handlers")
	qp := newProject(quiet, quiet.Source.Read, Options{})
	if e := qp.callbackEffect(); e.writes() {
		t.Errorf("handlers' callbacks: %s (%s), want read-only", e, e.why)
	}
	if got := summaryOf(t, quiet, qp, "handlers.Box#hash()"); got != "reads mut=this" {
		t.Errorf("Box#hash: %s, want the callbacks' (reads mut=this)", got)
	}
}
