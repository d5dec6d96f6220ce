package selection

import (
	"context"
	"maps"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection/coverage"
	"github.com/assertlens/assertlens/slicing"
)

var auditFiles = map[string][]byte{
	"src/main/java/p/Calc.java": []byte(`package p;
public class Calc {
  private int base;
  private final StringBuilder log = new StringBuilder();
  public Calc(int base) { this.base = base; }
  public int add(int x) { return base + x; }
  public int twice(int x) { return helper(x) * 2; }
  int helper(int x) { return x; }
  public String name() { return "calc"; }
}
`),
	"src/test/java/p/CalcTest.java": []byte(`package p;
import org.junit.Test;
import static org.junit.Assert.*;
public class CalcTest {
  @Test public void adds() {
    Calc c = new Calc(1);
    assertEquals(3, c.add(2));
    assertEquals("calc", c.name());
  }
  @Test public void doubles() {
    Calc c = new Calc(0);
    assertEquals(4, c.twice(2));
  }
}
`),
}

// auditState builds the selection input of the audit fixture.
func auditState(t *testing.T) Input {
	t.Helper()
	return auditStateOf(t, auditFiles)
}

func auditStateOf(t *testing.T, files map[string][]byte) Input {
	t.Helper()
	snap, err := analysis.Build(context.Background(), "/audit", analysis.MemorySource{Name: "audit", Files: files}, nil)
	if err != nil {
		t.Fatal(err)
	}
	d, err := slicing.DiscoverAll(snap, snap.Read, slicing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return Input{Base: snap, Cur: snap, CurGraph: analysis.BuildGraph(snap), Tests: d.Classes}
}

// auditRecord is what the coverage agent records for the fixture, written by hand, plus
// extra hits given as (member, test method, line).
func auditRecord(st Input, extra ...coverage.JVMHit) *coverage.Store {
	return auditRecordRan(st, nil, extra...)
}

// auditRecordRan is auditRecord whose run also lists the tests given as passed.
func auditRecordRan(st Input, tests []string, extra ...coverage.JVMHit) *coverage.Store {
	run := coverage.Run{
		Members: []coverage.JVMMember{
			{Class: "p.Calc", Method: "<init>", Desc: "(I)V"},
			{Class: "p.Calc", Method: "add", Desc: "(I)I"},
			{Class: "p.Calc", Method: "name", Desc: "()Ljava/lang/String;"},
			{Class: "p.Calc", Method: "twice", Desc: "(I)I"},
			{Class: "p.Calc", Method: "helper", Desc: "(I)I"},
		},
		Hits: []coverage.JVMHit{
			{Member: 0, TestClass: "p.CalcTest", TestMethod: "adds", Line: 6},
			{Member: 0, TestClass: "p.CalcTest", TestMethod: "doubles", Line: 11},
			{Member: 1, TestClass: "p.CalcTest", TestMethod: "adds", Line: 7},
			{Member: 2, TestClass: "p.CalcTest", TestMethod: "adds", Line: 8},
			{Member: 3, TestClass: "p.CalcTest", TestMethod: "doubles", Line: 12},
			{Member: 4, TestClass: "p.CalcTest", TestMethod: "doubles", Line: 12},
		},
	}
	run.Hits = append(run.Hits, extra...)
	for _, id := range tests {
		run.Tests = append(run.Tests, coverage.TestOutcome{Test: id, Status: "passed"})
	}
	return coverage.Build(st.Cur, run)
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// auditCalc audits the Calc fixture against its planted record (auditState, auditRecord).
func auditCalc(t *testing.T) *AuditResult {
	t.Helper()
	st := auditState(t)
	res, err := Audit(context.Background(), st, auditRecord(st), AuditOptions{Worst: 100})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestAuditComparesWithEachOracle(t *testing.T) {
	res := auditCalc(t)
	if res.MembersWithMisses != 0 || len(res.Missed) != 0 {
		t.Fatalf("misses on a record the graph explains: %+v", res.Missed)
	}
	if res.Assertions != 3 || res.TestMethods != 2 {
		t.Fatalf("suite = %d assertions, %d tests; want 3, 2", res.Assertions, res.TestMethods)
	}
	// Five methods and constructors ran, and the field initializer of log runs in the
	// constructor.
	if res.Members != 6 {
		t.Errorf("audited %d members, want 6", res.Members)
	}
	per := map[string]MemberAudit{}
	for _, m := range res.Worst {
		per[m.Member] = m
	}
	want := map[string]Ratios{
		// add ran in the statement of the first assertion only.
		"p.Calc#add(int)": {Assertlens: 1.0 / 3, AssertionOracle: 1.0 / 3, MethodOracle: 2.0 / 3, ClassOracle: 1},
		// The constructor ran in both tests' first statements, which every slice holds.
		"p.Calc#<init>(int)": {Assertlens: 1, AssertionOracle: 1, MethodOracle: 1, ClassOracle: 1},
		"p.Calc#log":         {Assertlens: 1, AssertionOracle: 1, MethodOracle: 1, ClassOracle: 1},
		"p.Calc#helper(int)": {Assertlens: 1.0 / 3, AssertionOracle: 1.0 / 3, MethodOracle: 1.0 / 3, ClassOracle: 1},
	}
	for id, w := range want {
		got, ok := per[id]
		if !ok {
			t.Errorf("%s not audited", id)
			continue
		}
		r := got.SelectedAssertionRatio
		if !near(r.Assertlens, w.Assertlens) || !near(r.AssertionOracle, w.AssertionOracle) || !near(r.MethodOracle, w.MethodOracle) || !near(r.ClassOracle, w.ClassOracle) {
			t.Errorf("%s: assertion ratios %+v, want %+v", id, r, w)
		}
	}
	// add selects 1 of the 2 assertions of adds; the constructor all 3 of 3; helper 1 of 1.
	if res.MeanSliceRatio <= 0 || res.SliceRatio <= 0 || res.SliceRatio >= 1 {
		t.Errorf("slice ratio %.3f (mean %.3f): slicing must save something here", res.SliceRatio, res.MeanSliceRatio)
	}
	// The breakdown splits the same pooled counts: the two-assertion test is sliced, the
	// other has one assertion, and nothing is kept whole here.
	b := res.SliceBreakdown
	if b.Sliced == 0 || b.Single == 0 || len(b.Whole) != 0 || b.SlicedSelected >= b.Sliced {
		t.Errorf("breakdown %+v: want sliced and single-assertion tests, slicing saving some", b)
	} else if got := float64(b.SlicedSelected+b.Single) / float64(b.Sliced+b.Single); !near(got, res.SliceRatio) {
		t.Errorf("breakdown %+v gives a pooled ratio of %.3f, audit says %.3f", b, got, res.SliceRatio)
	}
	if tr := per["p.Calc#add(int)"].SelectedTestRatio; !near(tr.Assertlens, 0.5) || !near(tr.MethodOracle, 0.5) || !near(tr.ClassOracle, 1) {
		t.Errorf("add: test ratios %+v", tr)
	}
}

func TestAuditReportsAPlantedMissWithItsLine(t *testing.T) {
	st := auditState(t)
	// name() "ran" in the doubles test's assertion, a dependency no static rule can see.
	rec := auditRecord(st, coverage.JVMHit{Member: 2, TestClass: "p.CalcTest", TestMethod: "doubles", Line: 12})
	res, err := Audit(context.Background(), st, rec, AuditOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []AuditMiss{{Member: "p.Calc#name()", Test: "p.CalcTest#doubles", Line: 12, Via: []string{"p.Calc#name()"}}}
	if res.MembersWithMisses != 1 || res.MissedStatements != 1 || len(res.Missed) != 1 ||
		res.Missed[0].Member != want[0].Member || res.Missed[0].Test != want[0].Test || res.Missed[0].Line != 12 || !slices.Equal(res.Missed[0].Via, want[0].Via) {
		t.Fatalf("missed = %+v, want %+v", res.Missed, want)
	}
}

func TestAuditMissNamesTheTestItCannotSee(t *testing.T) {
	st := auditState(t)
	rec := auditRecord(st, coverage.JVMHit{Member: 1, TestClass: "p.GhostTest", TestMethod: "runs", Line: 3})
	res, err := Audit(context.Background(), st, rec, AuditOptions{Members: []string{"p.Calc#add(int)"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Members != 1 || len(res.Missed) != 1 || res.Missed[0].Test != "p.GhostTest#runs" || res.Missed[0].Why != "test class not discovered" {
		t.Fatalf("missed = %+v", res.Missed)
	}
}

// TestAuditFollowsThePlanForTestsDiscoveryMisses: commons-beanutils' BeanMapTest inherits
// most of its tests from a library class (commons-collections' AbstractMapTest), which
// static discovery cannot read. The JUnit Platform's plan holds them, and every selection
// then runs the class whole; the audit selects as the product does, so their statements
// are no misses. Without a plan they stay misses.
func TestAuditFollowsThePlanForTestsDiscoveryMisses(t *testing.T) {
	st := auditState(t)
	rec := auditRecord(st, coverage.JVMHit{Member: 1, TestClass: "p.CalcTest", TestMethod: "testInherited", Line: 0})
	opts := AuditOptions{Members: []string{"p.Calc#add(int)"}}
	res, err := Audit(context.Background(), st, rec, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Missed) != 1 || res.Missed[0].Why != "test method not discovered" {
		t.Fatalf("without a plan: missed = %+v, want the inherited test", res.Missed)
	}
	opts.Plan = &EnginePlan{Tests: []string{"p.CalcTest#adds", "p.CalcTest#doubles", "p.CalcTest#testInherited"}}
	if res, err = Audit(context.Background(), st, rec, opts); err != nil {
		t.Fatal(err)
	}
	if len(res.Missed) != 0 {
		t.Fatalf("with the plan: missed = %+v, want none (CalcTest runs whole)", res.Missed)
	}
}

func TestAuditViaStartsAtTheClosestReachedMember(t *testing.T) {
	st := auditState(t)
	a := newAuditor(st, auditRecord(st))
	got := a.via("p.Calc#helper(int)", coverage.Site{Test: "p.CalcTest#doubles", Line: 12})
	if want := []string{"p.Calc#twice(int)", "p.Calc#helper(int)"}; !slices.Equal(got, want) {
		t.Fatalf("via = %v, want %v", got, want)
	}
}

func TestAuditSampleIsSeeded(t *testing.T) {
	st := auditState(t)
	rec := auditRecord(st)
	pick := func(seed uint64) []string {
		res, err := Audit(context.Background(), st, rec, AuditOptions{Sample: 3, Seed: seed, Worst: 100})
		if err != nil {
			t.Fatal(err)
		}
		if res.Members != 3 || res.Covered != 6 {
			t.Fatalf("sampled %d of %d, want 3 of 6", res.Members, res.Covered)
		}
		var ids []string
		for _, m := range res.Worst {
			ids = append(ids, m.Member)
		}
		slices.Sort(ids)
		return ids
	}
	if a, b := pick(7), pick(7); !slices.Equal(a, b) {
		t.Fatalf("same seed, different samples: %v vs %v", a, b)
	}
}

// TestAuditOverloadedTestMethods: JUnit 5 runs a @Test and a @ParameterizedTest of the same
// name side by side, and the coverage record names both "class#method". A hit is the
// overload's whose text holds its line, not whichever overload was discovered last; a hit
// outside both (the provider's) is selected when one overload's units are.
func TestAuditOverloadedTestMethods(t *testing.T) {
	files := map[string][]byte{
		"src/main/java/p/Calc.java": auditFiles["src/main/java/p/Calc.java"],
		"src/test/java/p/TwinTest.java": []byte(`package p;
import static org.junit.jupiter.api.Assertions.*;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
class TwinTest {
  @Test void twin() {
    assertEquals(4, new Calc(0).twice(2));
  }
  @ParameterizedTest @MethodSource("ints")
  void twin(int x) {
    assertEquals("calc", new Calc(x).name());
  }
  static java.util.stream.IntStream ints() { return java.util.stream.IntStream.of(new Calc(1).add(0)); }
}
`),
	}
	snap, err := analysis.Build(context.Background(), "/twin", analysis.MemorySource{Name: "twin", Files: files}, nil)
	if err != nil {
		t.Fatal(err)
	}
	d, err := slicing.DiscoverAll(snap, snap.Read, slicing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st := Input{Base: snap, Cur: snap, CurGraph: analysis.BuildGraph(snap), Tests: d.Classes}
	rec := coverage.Build(snap, coverage.Run{
		Members: []coverage.JVMMember{{Class: "p.Calc", Method: "twice", Desc: "(I)I"}, {Class: "p.Calc", Method: "name", Desc: "()Ljava/lang/String;"},
			{Class: "p.Calc", Method: "add", Desc: "(I)I"}},
		Hits: []coverage.JVMHit{
			{Member: 0, TestClass: "p.TwinTest", TestMethod: "twin", Line: 8},
			{Member: 1, TestClass: "p.TwinTest", TestMethod: "twin", Line: 12},
			{Member: 2, TestClass: "p.TwinTest", TestMethod: "twin", Line: 0}, // the provider, outside both bodies
		},
	})
	res, err := Audit(context.Background(), st, rec, AuditOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Members != 3 || res.MissedStatements != 0 {
		t.Errorf("audited %d members, missed %+v; want 3 and none", res.Members, res.Missed)
	}
}

// TestAuditLeavesIsolatedStaticInitsOut: the record credits every static initializer of a
// class to the statement that happened to initialize the class first. A constant or field
// whose initialization only makes its own value is seen by its readers alone, which
// coverage cannot see, so the audit leaves it out and says so; a constant whose creation
// registers itself stays audited.
func TestAuditLeavesIsolatedStaticInitsOut(t *testing.T) {
	st := auditStateOf(t, map[string][]byte{
		"src/main/java/p/Mode.java": []byte(`package p;
public enum Mode {
  ON("on"), OFF("off");
  static final int[] CODES = {1, 2};
  static final int[] SIZED = new int[2];
  private final String label;
  Mode(String label) { this.label = label; }
  public String label() { return label; }
}
`),
		"src/main/java/p/Kind.java": []byte(`package p;
public enum Kind {
  A(Names.keep("a")), B("b");
  private final String label;
  Kind(String label) { this.label = label; }
}
`),
		"src/main/java/p/Names.java": []byte(`package p;
public class Names {
  static String keep(String s) { return s; }
}
`),
		"src/test/java/p/ModeTest.java": []byte(`package p;
import org.junit.Test;
import static org.junit.Assert.*;
public class ModeTest {
  @Test public void on() {
    assertEquals("on", Mode.ON.label());
  }
  @Test public void kind() {
    assertNotNull(Kind.B);
  }
}
`),
	})
	rec := coverage.Build(st.Cur, coverage.Run{
		Members: []coverage.JVMMember{
			{Class: "p.Mode", Method: "<clinit>", Desc: "()V"},
			{Class: "p.Mode", Method: "label", Desc: "()Ljava/lang/String;"},
			{Class: "p.Kind", Method: "<clinit>", Desc: "()V"},
		},
		Hits: []coverage.JVMHit{
			{Member: 0, TestClass: "p.ModeTest", TestMethod: "on", Line: 6},
			{Member: 1, TestClass: "p.ModeTest", TestMethod: "on", Line: 6},
			{Member: 2, TestClass: "p.ModeTest", TestMethod: "kind", Line: 9},
		},
	})
	res, err := Audit(context.Background(), st, rec, AuditOptions{Worst: 100})
	if err != nil {
		t.Fatal(err)
	}
	audited := map[string]bool{}
	for _, m := range res.Worst {
		audited[m.Member] = true
	}
	// Isolation is per constant: Kind.B's creation only fills itself, Kind.A's calls out.
	for _, id := range []string{"p.Mode#ON", "p.Mode#OFF", "p.Kind#B", "p.Mode#CODES"} {
		if audited[id] {
			t.Errorf("%s audited: it is isolated", id)
		}
	}
	// new int[2] may throw (a negative size would), so it stays with the class's users.
	for _, id := range []string{"p.Kind#A", "p.Mode#label()", "p.Mode#SIZED"} {
		if !audited[id] {
			t.Errorf("%s not audited", id)
		}
	}
	if !slices.ContainsFunc(res.NotAudited, func(s string) bool { return strings.HasPrefix(s, "4 static fields and enum constants") }) {
		t.Errorf("notAudited %q does not count the 4 isolated fields", res.NotAudited)
	}
	if len(res.Missed) != 0 {
		t.Errorf("misses: %+v", res.Missed)
	}
}

// TestOverHalfCountsWhatCoverageJustifies: a member over half of the suite counts as
// covered only when the test classes that ran it hold over half of the suite too.
func TestOverHalfCountsWhatCoverageJustifies(t *testing.T) {
	cases := []struct {
		r             Ratios
		over, covered bool
	}{
		{Ratios{Assertlens: 0.9, ClassOracle: 0.1}, true, false},
		{Ratios{Assertlens: 0.9, ClassOracle: 0.7}, true, true},
		{Ratios{Assertlens: 0.4, ClassOracle: 0.7}, false, false},
		{Ratios{Assertlens: 0.5, ClassOracle: 0.9}, false, false},
	}
	for _, c := range cases {
		if over, covered := overHalf(c.r); over != c.over || covered != c.covered {
			t.Errorf("%+v: over %v covered %v, want %v %v", c.r, over, covered, c.over, c.covered)
		}
	}
	res := auditCalc(t)
	// One test class runs every audited member here, so each member over half is covered.
	if res.OverHalf == 0 || res.OverHalfCovered != res.OverHalf {
		t.Errorf("over half %d, covered %d: want every one covered", res.OverHalf, res.OverHalfCovered)
	}
}

// TestEkstaziOracleCountsEveryUserOfTheClass: a class-file tool selects, for an edit of
// Calc#add, every test class that used Calc, though only CalcTest ran add; a test class
// that never ran Calc's code is not selected.
func TestEkstaziOracleCountsEveryUserOfTheClass(t *testing.T) {
	files := maps.Clone(auditFiles)
	files["src/main/java/p/Clock.java"] = []byte(`package p;
public class Clock {
  public long now() { return 42; }
}
`)
	files["src/test/java/p/NameTest.java"] = []byte(`package p;
import org.junit.Test;
import static org.junit.Assert.*;
public class NameTest {
  @Test public void names() {
    assertEquals("calc", new Calc(5).name());
  }
}
`)
	files["src/test/java/p/ClockTest.java"] = []byte(`package p;
import org.junit.Test;
import static org.junit.Assert.*;
public class ClockTest {
  @Test public void ticks() {
    assertEquals(42, new Clock().now());
  }
}
`)
	st := auditStateOf(t, files)
	rec := auditRecord(st,
		coverage.JVMHit{Member: 0, TestClass: "p.NameTest", TestMethod: "names", Line: 6},
		coverage.JVMHit{Member: 2, TestClass: "p.NameTest", TestMethod: "names", Line: 6})
	res, err := Audit(context.Background(), st, rec, AuditOptions{Worst: 100})
	if err != nil {
		t.Fatal(err)
	}
	if res.Assertions != 5 || res.TestMethods != 4 {
		t.Fatalf("suite = %d assertions, %d tests; want 5, 4", res.Assertions, res.TestMethods)
	}
	per := map[string]MemberAudit{}
	for _, m := range res.Worst {
		per[m.Member] = m
	}
	add := per["p.Calc#add(int)"]
	// CalcTest holds 3 assertions in 2 tests, NameTest 1 in 1; ClockTest never ran Calc.
	if r := add.SelectedAssertionRatio; !near(r.ClassOracle, 3.0/5) || !near(r.EkstaziOracle, 4.0/5) {
		t.Errorf("add: class oracle %.2f, ekstazi oracle %.2f; want 0.60, 0.80", r.ClassOracle, r.EkstaziOracle)
	}
	if r := add.SelectedTestRatio; !near(r.ClassOracle, 2.0/4) || !near(r.EkstaziOracle, 3.0/4) {
		t.Errorf("add: class oracle %.2f, ekstazi oracle %.2f of the tests; want 0.50, 0.75", r.ClassOracle, r.EkstaziOracle)
	}
	if m := res.SelectedAssertionRatio; m.EkstaziOracle < m.ClassOracle || m.EkstaziOracle == 0 {
		t.Errorf("means: ekstazi %.3f below class %.3f", m.EkstaziOracle, m.ClassOracle)
	}
}

// registryFiles is the audit fixture with Registry, whose static initializer runs
// Calc#add, and one-test classes by name, each asserting that the expression given is 2.
func registryFiles(tests map[string]string) map[string][]byte {
	files := maps.Clone(auditFiles)
	files["src/main/java/p/Registry.java"] = []byte(`package p;
public class Registry {
  static final int SIZE = new Calc(1).add(1);
  public static int size() { return SIZE; }
}
`)
	for name, expr := range tests {
		files["src/test/java/p/"+name+".java"] = []byte(`package p;
import org.junit.Test;
import static org.junit.Assert.*;
public class ` + name + ` {
  @Test public void sized() {
    assertEquals(2, ` + expr + `);
  }
}
`)
	}
	return files
}

// auditMember audits the record of run on st and returns the audit of member id.
func auditMember(t *testing.T, st Input, run coverage.Run, id string) (*MemberAudit, *AuditResult) {
	t.Helper()
	res, err := Audit(context.Background(), st, coverage.Build(st.Cur, run), AuditOptions{Worst: 100})
	if err != nil {
		t.Fatal(err)
	}
	for i := range res.Worst {
		if res.Worst[i].Member == id {
			return &res.Worst[i], res
		}
	}
	t.Fatalf("%s not audited", id)
	return nil, nil
}

// TestFreshClassOracleCountsEveryTestClassTouchingTheInitializedClass: Registry's static
// initializer runs Calc#add; the shared JVM ran it for RegistryTest, which touched Registry
// first. LaterTest touches Registry too: in a JVM of its own it would run add as well, and
// the fresh-JVM class oracle counts it. CalcTest keeps counting, having run add itself.
func TestFreshClassOracleCountsEveryTestClassTouchingTheInitializedClass(t *testing.T) {
	st := auditStateOf(t, registryFiles(map[string]string{"RegistryTest": "Registry.size()", "LaterTest": "Registry.size()"}))
	run := coverage.Run{
		Members: []coverage.JVMMember{
			{Class: "p.Calc", Method: "<init>", Desc: "(I)V"},
			{Class: "p.Calc", Method: "add", Desc: "(I)I"},
			{Class: "p.Registry", Method: "<clinit>", Desc: "()V"},
			{Class: "p.Registry", Method: "size", Desc: "()I"},
		},
		Hits: []coverage.JVMHit{
			{Member: 0, TestClass: "p.CalcTest", TestMethod: "adds", Line: 6},
			{Member: 1, TestClass: "p.CalcTest", TestMethod: "adds", Line: 7},
			{Member: 2, TestClass: "p.RegistryTest", TestMethod: "sized", Line: 6},
			{Member: 0, TestClass: "p.RegistryTest", TestMethod: "sized", Line: 6},
			{Member: 1, TestClass: "p.RegistryTest", TestMethod: "sized", Line: 6},
			{Member: 3, TestClass: "p.RegistryTest", TestMethod: "sized", Line: 6},
			{Member: 3, TestClass: "p.LaterTest", TestMethod: "sized", Line: 6},
		},
		ClassInit: []int{0, 1, 2},
		InitIn:    [][2]int{{0, 2}, {1, 2}},
	}
	add, res := auditMember(t, st, run, "p.Calc#add(int)")
	// Assertions: CalcTest 3, RegistryTest 1, LaterTest 1.
	if r := add.SelectedAssertionRatio; !near(r.ClassOracle, 4.0/5) || !near(r.FreshClassOracle, 1) {
		t.Errorf("add: class oracle %.2f, fresh %.2f; want 0.80, 1", r.ClassOracle, r.FreshClassOracle)
	}
	if res.OverHalfCoveredFresh < res.OverHalfCovered {
		t.Errorf("over half covered %d, with fresh JVMs %d: a JVM per class only adds", res.OverHalfCovered, res.OverHalfCoveredFresh)
	}
}

// TestFreshClassOracleFollowsNestedInitialization: commons-lang's ObjectUtils.NULL. Labels'
// static initializer calls Registry.size(), whose class initialization runs Calc#add.
// LabelsTest touched Labels first, so the record credits Labels' initialization (and
// Registry's, nested in it) to LabelsTest alone; LaterLabelsTest touches only Labels
// afterwards. In a JVM of its own it would initialize Labels, hence Registry, and run add:
// the fresh-JVM oracle counts it, the class oracle does not.
func TestFreshClassOracleFollowsNestedInitialization(t *testing.T) {
	files := registryFiles(map[string]string{"LabelsTest": "Labels.label().length()", "LaterLabelsTest": "Labels.label().length()"})
	files["src/main/java/p/Labels.java"] = []byte(`package p;
public class Labels {
  static final String LABEL = "n" + Registry.size();
  public static String label() { return LABEL; }
}
`)
	st := auditStateOf(t, files)
	run := coverage.Run{
		Members: []coverage.JVMMember{
			{Class: "p.Calc", Method: "<init>", Desc: "(I)V"},
			{Class: "p.Calc", Method: "add", Desc: "(I)I"},
			{Class: "p.Registry", Method: "<clinit>", Desc: "()V"},
			{Class: "p.Registry", Method: "size", Desc: "()I"},
			{Class: "p.Labels", Method: "<clinit>", Desc: "()V"},
			{Class: "p.Labels", Method: "label", Desc: "()Ljava/lang/String;"},
		},
		Hits: []coverage.JVMHit{
			{Member: 0, TestClass: "p.CalcTest", TestMethod: "adds", Line: 6},
			{Member: 1, TestClass: "p.CalcTest", TestMethod: "adds", Line: 7},
			{Member: 4, TestClass: "p.LabelsTest", TestMethod: "sized", Line: 6},
			{Member: 3, TestClass: "p.LabelsTest", TestMethod: "sized", Line: 6},
			{Member: 2, TestClass: "p.LabelsTest", TestMethod: "sized", Line: 6},
			{Member: 0, TestClass: "p.LabelsTest", TestMethod: "sized", Line: 6},
			{Member: 1, TestClass: "p.LabelsTest", TestMethod: "sized", Line: 6},
			{Member: 5, TestClass: "p.LabelsTest", TestMethod: "sized", Line: 6},
			{Member: 5, TestClass: "p.LaterLabelsTest", TestMethod: "sized", Line: 6},
		},
		ClassInit: []int{0, 1, 2, 3, 4},
		InitIn:    [][2]int{{0, 2}, {1, 2}, {3, 4}},
	}
	add, _ := auditMember(t, st, run, "p.Calc#add(int)")
	// Assertions: CalcTest 3, LabelsTest 1, LaterLabelsTest 1.
	if r := add.SelectedAssertionRatio; !near(r.ClassOracle, 4.0/5) || !near(r.FreshClassOracle, 1) {
		t.Errorf("add: class oracle %.2f, fresh %.2f; want 0.80, 1", r.ClassOracle, r.FreshClassOracle)
	}
}

// TestAuditCreditsUndeclaredTestersToSuites: Guava testlib's testers are classes no source
// declares; they run under a JUnit 3 suite() method, and the record names the tester. A
// site there is selected when the suite classes are: add, which the suite reaches, is not
// missed; name, which it does not reach, is (the suite is not selected for it).
func TestAuditCreditsUndeclaredTestersToSuites(t *testing.T) {
	files := maps.Clone(auditFiles)
	files["src/test/java/p/LibSuiteTest.java"] = []byte(`package p;
import junit.framework.Test;
import junit.framework.TestCase;
import junit.framework.TestSuite;
public class LibSuiteTest extends TestCase {
  public static Test suite() {
    new Calc(1).add(1);
    return new TestSuite();
  }
}
`)
	st := auditStateOf(t, files)
	rec := auditRecord(st,
		coverage.JVMHit{Member: 1, TestClass: "com.lib.Tester", TestMethod: "testAdd", Line: 0},
		coverage.JVMHit{Member: 2, TestClass: "com.lib.Tester", TestMethod: "testName", Line: 0})
	res, err := Audit(context.Background(), st, rec, AuditOptions{Worst: 100})
	if err != nil {
		t.Fatal(err)
	}
	var addMissed, nameMissed bool
	for _, m := range res.Missed {
		if m.Test == "com.lib.Tester#testAdd" {
			addMissed = true
		}
		if m.Test == "com.lib.Tester#testName" {
			nameMissed = m.Why == "run by a suite() that was not selected"
		}
	}
	if addMissed || !nameMissed {
		t.Errorf("misses %+v: want the tester's name site missed (suite not selected) and its add site selected", res.Missed)
	}
}

// TestAuditBoundsWhatAnySafeSlicerPicks pins the own-statement and local def-use oracles:
// the assertions whose statement ran the member, and those reading what a statement that
// ran it computed through local variables, up to the variable's next binding.
func TestAuditBoundsWhatAnySafeSlicerPicks(t *testing.T) {
	files := maps.Clone(auditFiles)
	files["src/test/java/p/ChainTest.java"] = []byte(`package p;
import org.junit.Test;
import static org.junit.Assert.*;
public class ChainTest {
  @Test public void chain() {
    Calc c = new Calc(1);
    int a = c.add(2);
    int b = a * 2;
    assertEquals(6, b);
    assertEquals(3, a);
    assertEquals("calc", c.name());
    if (b > 0) {
      a = 5;
    }
    assertEquals(5, a);
  }
}
`)
	st := auditStateOf(t, files)
	rec := coverage.Build(st.Cur, coverage.Run{
		Members: []coverage.JVMMember{
			{Class: "p.Calc", Method: "<init>", Desc: "(I)V"},
			{Class: "p.Calc", Method: "add", Desc: "(I)I"},
			{Class: "p.Calc", Method: "name", Desc: "()Ljava/lang/String;"},
		},
		Hits: []coverage.JVMHit{
			{Member: 0, TestClass: "p.ChainTest", TestMethod: "chain", Line: 6},
			{Member: 1, TestClass: "p.ChainTest", TestMethod: "chain", Line: 7},
			{Member: 2, TestClass: "p.ChainTest", TestMethod: "chain", Line: 11},
		},
	})
	res, err := Audit(context.Background(), st, rec, AuditOptions{Worst: 100})
	if err != nil {
		t.Fatal(err)
	}
	if res.Assertions != 7 {
		t.Fatalf("suite = %d assertions, want 7", res.Assertions)
	}
	per := map[string]Ratios{}
	for _, m := range res.Worst {
		per[m.Member] = m.SelectedAssertionRatio
	}
	for id, w := range map[string]struct{ own, defUse, method float64 }{
		// add ran in a statement binding a: b is computed from it, and both are asserted;
		// a's rebinding ends it before the last assertion.
		"p.Calc#add(int)": {0, 2, 4},
		// The constructor's c reaches add's statement and name's assertion.
		"p.Calc#<init>(int)": {0, 3, 4},
		// name ran in an assertion's own statement.
		"p.Calc#name()": {1, 1, 4},
	} {
		r, ok := per[id]
		if !ok {
			t.Errorf("%s not audited", id)
			continue
		}
		if !near(r.OwnStatementOracle, w.own/7) || !near(r.DefUseOracle, w.defUse/7) || !near(r.MethodOracle, w.method/7) {
			t.Errorf("%s: own %.3f, def-use %.3f, method %.3f; want %v/7, %v/7, %v/7",
				id, r.OwnStatementOracle, r.DefUseOracle, r.MethodOracle, w.own, w.defUse, w.method)
		}
		if r.OwnStatementOracle > r.DefUseOracle || r.DefUseOracle > r.AssertionOracle {
			t.Errorf("%s: the bounds must nest: own %.3f <= def-use %.3f <= assertion oracle %.3f",
				id, r.OwnStatementOracle, r.DefUseOracle, r.AssertionOracle)
		}
	}
	// The slices keep every binding of a that may reach the last assertion, the one before
	// the if too (the bound, a lower bound, takes the branch's as the last): for the
	// constructor, the field initializer it runs (log) and add, that assertion is above the
	// bound through a def-use edge.
	if want := []ReasonCount{{"def-use", 3}}; !slices.Equal(res.GapReasons, want) {
		t.Errorf("gap reasons %v, want %v", res.GapReasons, want)
	}
	// The same assertions by member: each above its own bound, the widest gap first.
	gap := 0
	for i, g := range res.GapMembers {
		r := per[g.Member]
		if g.AssertionOracle <= g.DefUseOracle || !near(r.AssertionOracle, float64(g.AssertionOracle)/7) ||
			!near(r.DefUseOracle, float64(g.DefUseOracle)/7) || !near(r.MethodOracle, float64(g.MethodOracle)/7) {
			t.Errorf("gap member %+v does not match its ratios %+v", g, r)
		}
		if i > 0 && g.AssertionOracle-g.DefUseOracle > res.GapMembers[i-1].AssertionOracle-res.GapMembers[i-1].DefUseOracle {
			t.Errorf("gap members out of order: %+v", res.GapMembers)
		}
		gap += g.AssertionOracle - g.DefUseOracle
	}
	if gap != 3 {
		t.Errorf("gap members %+v hold %d assertions above the bound, want the gap reasons' 3", res.GapMembers, gap)
	}
	// And by the statement that ran the member: each a statement of a test that ran, with
	// the reason the reasons above count.
	gap = 0
	for _, g := range res.GapStatements {
		if g.Why != "def-use" || g.Line <= 0 || !strings.Contains(g.Test, "#") {
			t.Errorf("gap statement %+v: want a test statement in a slice through def-use", g)
		}
		gap += g.Assertions
	}
	if gap != 3 {
		t.Errorf("gap statements %+v hold %d assertions above the bound, want the gap reasons' 3", res.GapStatements, gap)
	}
	if res.DefUseRatio <= res.OwnStatementRatio || res.DefUseRatio >= 1 || res.AssertionOracleRatio < res.DefUseRatio {
		t.Errorf("ratios of the method oracle: own %.3f, def-use %.3f, assertion oracle %.3f",
			res.OwnStatementRatio, res.DefUseRatio, res.AssertionOracleRatio)
	}
	// The sums behind the pooled ratios: the gap above the bound is the reasons' 3.
	sums := res.OracleAssertions
	if sums.AssertionOracle-sums.DefUseOracle != 3 || sums.MethodOracle == 0 ||
		float64(sums.DefUseOracle)/float64(sums.MethodOracle) != res.DefUseRatio ||
		float64(sums.AssertionOracle)/float64(sums.MethodOracle) != res.AssertionOracleRatio ||
		float64(sums.OwnStatementOracle)/float64(sums.MethodOracle) != res.OwnStatementRatio {
		t.Errorf("oracle sums %+v do not give the ratios %.3f %.3f %.3f or a gap of 3", sums,
			res.AssertionOracleRatio, res.DefUseRatio, res.OwnStatementRatio)
	}
}

// TestAuditOtherThreadOutsideTheBody: work on a thread the test started, done while the
// test's own thread was not in its body, came from a statement the record cannot name:
// one selected unit of the test vouches for it; fixture code of the test's own thread
// still needs every unit.
func TestAuditOtherThreadOutsideTheBody(t *testing.T) {
	st := auditState(t)
	for _, c := range []struct {
		other  bool
		missed int
	}{{true, 0}, {false, 1}} {
		// name() runs in the adds test's second assertion; the graph selects that slice.
		rec := auditRecord(st, coverage.JVMHit{Member: 2, TestClass: "p.CalcTest", TestMethod: "adds", Line: coverage.AfterBody, OtherThread: c.other})
		res, err := Audit(context.Background(), st, rec, AuditOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if res.MissedStatements != c.missed {
			t.Errorf("other thread %v: %d missed, want %d: %+v", c.other, res.MissedStatements, c.missed, res.Missed)
		}
	}
}

// TestAuditCreditsAMethodConditionToItsMethod: JUnit evaluates an ExecutionCondition
// registered on one test method (jodd's @DisabledOnJava carries one) before it starts the
// method, so the record files what the condition ran as class-level code. Selecting the
// method whose providers hold the condition is enough; an extension of another kind, or a
// method without the condition, still needs the whole class.
func TestAuditCreditsAMethodConditionToItsMethod(t *testing.T) {
	for _, c := range []struct {
		name, implements string
		missed           int
	}{
		{"condition", "ExecutionCondition", 0},
		{"before-each callback", "BeforeEachCallback", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			files := maps.Clone(auditFiles)
			files["src/test/java/p/Gated.java"] = []byte(`package p;
import java.lang.annotation.*;
import org.junit.jupiter.api.extension.ExtendWith;
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(Gate.class)
public @interface Gated {}
`)
			files["src/test/java/p/Gate.java"] = []byte(`package p;
import org.junit.jupiter.api.extension.*;
public class Gate implements ` + c.implements + ` {
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    return new Calc(0).name().isEmpty() ? ConditionEvaluationResult.disabled("x") : ConditionEvaluationResult.enabled("y");
  }
}
`)
			files["src/test/java/p/GatedTest.java"] = []byte(`package p;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.*;
class GatedTest {
  @Test void plain() { assertEquals(3, new Calc(1).add(2)); }
  @Test @Gated void gated() { assertEquals(4, new Calc(0).twice(2)); }
}
`)
			st := auditStateOf(t, files)
			rec := auditRecordRan(st, []string{"p.GatedTest#plain", "p.GatedTest#gated"},
				coverage.JVMHit{Member: 2, TestClass: "p.GatedTest", TestMethod: "", Line: 0})
			res, err := Audit(context.Background(), st, rec, AuditOptions{Members: []string{"p.Calc#name()"}})
			if err != nil {
				t.Fatal(err)
			}
			if res.MissedStatements != c.missed {
				t.Errorf("%d missed, want %d: %+v", res.MissedStatements, c.missed, res.Missed)
			}
		})
	}
}
