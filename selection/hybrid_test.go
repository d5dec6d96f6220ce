package selection

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection/coverage"
	"github.com/assertlens/assertlens/slicing"
)

var shapeFiles = map[string]string{
	"src/main/java/s/Shape.java": "package s;\npublic interface Shape { int area(); }\n",
	"src/main/java/s/Square.java": `package s;
public class Square implements Shape {
  private final int side;
  private int scale = 1;
  public Square(int side) { this.side = side; }
  public int area() { return side * side * scale; }
}
`,
	"src/main/java/s/Circle.java": `package s;
public class Circle implements Shape {
  static final int ZERO = 0;
  static final int SIDES = 1;
  private static final int[] ONE = {1};
  private static final int BIAS = Math.abs(0);
  private final int r;
  public Circle(int r) { this.r = r; }
  public int area() { return 3 * r * r * ONE[0] + ZERO + BIAS; }
}
`,
	"src/main/java/s/Shapes.java": `package s;
public class Shapes {
  public static int total(Shape... shapes) { int t = 0; for (Shape s : shapes) t += s.area(); return t; }
}
`,
	"src/test/java/s/ShapeTest.java": `package s;
import org.junit.Test;
import static org.junit.Assert.*;
public class ShapeTest {
  @Test public void square() {
    Shape s = new Square(2);
    assertEquals(4, Shapes.total(s));
  }
  @Test public void circle() {
    Shape c = new Circle(1);
    assertEquals(3, Shapes.total(c));
  }
  @Ignore @Test public void circleLater() {
    assertEquals(3 * Circle.SIDES, new Circle(1).area());
  }
}
`,
}

func shapeSnapshot(t *testing.T, edits map[string][2]string) *analysis.Snapshot {
	t.Helper()
	return memSnapshot(t, shapeFiles, edits)
}

// memSnapshot builds a snapshot of files with each edit (old, new) applied once.
func memSnapshot(t *testing.T, files map[string]string, edits map[string][2]string) *analysis.Snapshot {
	t.Helper()
	out := map[string][]byte{}
	for p, s := range files {
		if e, ok := edits[p]; ok {
			if !strings.Contains(s, e[0]) {
				t.Fatalf("%s does not contain %q", p, e[0])
			}
			s = strings.Replace(s, e[0], e[1], 1)
		}
		out[p] = []byte(s)
	}
	snap, err := analysis.Build(context.Background(), "/mem", analysis.MemorySource{Name: "mem", Files: out}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// shapeRecord is what the agent records for the shape fixture; status gives each test's
// outcome (passed unless named).
func shapeRecord(snap *analysis.Snapshot, status map[string]string) *coverage.Store {
	run := coverage.Run{
		Members: []coverage.JVMMember{
			{Class: "s.Square", Method: "<init>", Desc: "(I)V"},
			{Class: "s.Square", Method: "area", Desc: "()I"},
			{Class: "s.Shapes", Method: "total", Desc: "([Ls/Shape;)I"},
			{Class: "s.Circle", Method: "<init>", Desc: "(I)V"},
			{Class: "s.Circle", Method: "area", Desc: "()I"},
		},
		Hits: []coverage.JVMHit{
			{Member: 0, TestClass: "s.ShapeTest", TestMethod: "square", Line: 6},
			{Member: 1, TestClass: "s.ShapeTest", TestMethod: "square", Line: 7},
			{Member: 2, TestClass: "s.ShapeTest", TestMethod: "square", Line: 7},
			{Member: 2, TestClass: "s.ShapeTest", TestMethod: "circle", Line: 11},
			{Member: 3, TestClass: "s.ShapeTest", TestMethod: "circle", Line: 10},
			{Member: 4, TestClass: "s.ShapeTest", TestMethod: "circle", Line: 11},
		},
	}
	for _, id := range []string{"s.ShapeTest#square", "s.ShapeTest#circle", "s.ShapeTest#circleLater"} {
		st := "passed"
		if strings.HasSuffix(id, "Later") {
			st = "skipped" // @Ignore
		}
		if s, ok := status[id]; ok {
			st = s
		}
		run.Tests = append(run.Tests, coverage.TestOutcome{Test: id, Status: st})
	}
	return coverage.Build(snap, run)
}

func TestHybridSelection(t *testing.T) {
	circleBody := map[string][2]string{"src/main/java/s/Circle.java": {"3 * r * r", "4 * r * r"}}
	cases := []struct {
		name   string
		edits  map[string][2]string
		status map[string]string
		// recordEdits makes the record from other sources than the baseline.
		recordEdits map[string][2]string
		want        []string // "unit id source"
		state       string
		via         string // when set, a unit's via must name this recorded statement
		why         string // when set, coverage.static must give this reason for one change
	}{
		{name: "body change: only the statement that executed it (the @Ignore'd test ran nothing)",
			edits: circleBody, want: []string{"s.ShapeTest#circle:11 coverage"}, state: "fresh"},
		{name: "a failed test is selected statically",
			edits: circleBody, status: map[string]string{"s.ShapeTest#circle": "failed"},
			want: []string{"s.ShapeTest#circle:11 static"}, state: "stale"},
		{name: "a test whose file changed outside test methods is selected statically",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"3 * r * r", "4 * r * r"},
				"src/test/java/s/ShapeTest.java": {"public class ShapeTest {", "public class ShapeTest {\n  static int created = 0;"}},
			want:  []string{"s.ShapeTest#circle:12 static", "s.ShapeTest#circleLater:15 static", "s.ShapeTest#square:8 static"},
			state: "stale"},
		{name: "a test added with an import the file never used: the others keep their record",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"3 * r * r", "4 * r * r"},
				"src/test/java/s/ShapeTest.java": {"public class ShapeTest {", "import static java.lang.Math.abs;\npublic class ShapeTest {\n  @Test public void absolute() {\n    assertEquals(1, abs(-1));\n  }"}},
			want:  []string{"s.ShapeTest#absolute:7 static", "s.ShapeTest#circle:15 coverage"},
			state: "stale"},
		{name: "an added import of a name the old code uses only after a dot",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"3 * r * r", "4 * r * r"},
				"src/test/java/s/ShapeTest.java": {"public class ShapeTest {", "import static s.Circle.SIDES;\npublic class ShapeTest {"}},
			want:  []string{"s.ShapeTest#circle:12 coverage"},
			state: "fresh"},
		{name: "a test added with a helper of its own: the others keep their record",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"3 * r * r", "4 * r * r"},
				"src/test/java/s/ShapeTest.java": {"public class ShapeTest {", "public class ShapeTest {\n  static int twice(int x) { return 2 * x; }\n  @Test public void doubled() {\n    assertEquals(4, twice(2));\n  }"}},
			want:  []string{"s.ShapeTest#circle:15 coverage", "s.ShapeTest#doubled:7 static"},
			state: "stale"},
		{name: "near-miss: an added fixture runs around every test",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"3 * r * r", "4 * r * r"},
				"src/test/java/s/ShapeTest.java": {"public class ShapeTest {", "public class ShapeTest {\n  @org.junit.Before public void prepare() { }"}},
			want:  []string{"s.ShapeTest#circle:12 static", "s.ShapeTest#circleLater:15 static", "s.ShapeTest#square:8 static"},
			state: "stale"},
		{name: "near-miss: an added helper named like what old code calls",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"3 * r * r", "4 * r * r"},
				"src/test/java/s/ShapeTest.java": {"public class ShapeTest {", "public class ShapeTest {\n  static int total(Shape s) { return 0; }"}},
			want:  []string{"s.ShapeTest#circle:12 static", "s.ShapeTest#circleLater:15 static", "s.ShapeTest#square:8 static"},
			state: "stale"},
		{name: "near-miss: an added import of a name the old code uses may change what it binds to",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"3 * r * r", "4 * r * r"},
				"src/test/java/s/ShapeTest.java": {"public class ShapeTest {", "import static org.junit.Assert.assertEquals;\npublic class ShapeTest {"}},
			want:  []string{"s.ShapeTest#circle:12 static", "s.ShapeTest#circleLater:15 static", "s.ShapeTest#square:8 static"},
			state: "stale"},
		{name: "a test edited since the record is selected statically, the others keep their record",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"3 * r * r", "4 * r * r"},
				"src/test/java/s/ShapeTest.java": {"Shapes.total(c));", "Shapes.total(c, new Square(0)));"}},
			want:  []string{"s.ShapeTest#circle:11 static"},
			state: "stale"},
		{name: "a comment in a test changes nothing it runs",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"3 * r * r", "4 * r * r"},
				"src/test/java/s/ShapeTest.java": {"Shapes.total(c));", "Shapes.total(c)); // checked"}},
			want:  []string{"s.ShapeTest#circle:11 coverage"},
			state: "fresh"},
		{name: "a test added above another shifts its recorded lines",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"3 * r * r", "4 * r * r"},
				"src/test/java/s/ShapeTest.java": {"  @Test public void circle() {", "  @Test public void nothing() {\n    assertEquals(0, 0);\n  }\n  @Test public void circle() {"}},
			want:  []string{"s.ShapeTest#circle:14 coverage", "s.ShapeTest#nothing:10 static"},
			state: "stale", via: "s.ShapeTest#circle line 14"},
		{name: "field initializer: statements that ran a constructor",
			edits: map[string][2]string{"src/main/java/s/Square.java": {"scale = 1", "scale = 2"}},
			want:  []string{"s.ShapeTest#square:7 coverage"}, state: "fresh"},
		{name: "a compile-time constant: statements that ran a method reading it (javac copied it there)",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"ZERO = 0", "ZERO = 1"}},
			want:  []string{"s.ShapeTest#circle:11 coverage"}, state: "fresh"},
		{name: "an isolated static field (an array of literals): statements that ran a method reading it",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"ONE = {1}", "ONE = {2}"}},
			want:  []string{"s.ShapeTest#circle:11 coverage"}, state: "fresh"},
		{name: "a static field initialized by a call is class initialization: the graph",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"Math.abs(0)", "Math.abs(1)"}},
			want:  []string{"s.ShapeTest#circle:11 static", "s.ShapeTest#circleLater:14 static", "s.ShapeTest#square:7 static"}, state: "fresh"},
		{name: "a compile-time constant test code reads stays with the graph",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"SIDES = 1", "SIDES = 2"}},
			want:  []string{"s.ShapeTest#circleLater:14 static"}, state: "fresh"},
		{name: "an added method is judged by the graph",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"  public int area()", "  public int perimeter() { return 6 * r; }\n  public int area()"}},
			want:  []string{}, state: "fresh"},
		{name: "an added overload: statements that executed a method of that name",
			edits: map[string][2]string{"src/main/java/s/Shapes.java": {"public class Shapes {", "public class Shapes {\n  public static int total(Square s) { return 0; }"}},
			want:  []string{"s.ShapeTest#circle:11 coverage", "s.ShapeTest#square:7 coverage"}, state: "fresh"},
		{name: "an added overload: only calls on its type's hierarchy may change binding (Square's, not Circle's)",
			edits: map[string][2]string{"src/main/java/s/Square.java": {"  public int area()", "  public int area(int... scale) { return 0; }\n  public int area()"}},
			want:  []string{"s.ShapeTest#square:7 coverage"}, state: "fresh"},
		{name: "an added method named like an unrelated type's takes none of their calls",
			edits: map[string][2]string{"src/main/java/s/Shapes.java": {"public class Shapes {", "public class Shapes {\n  public int area() { return 0; }"}},
			want:  []string{}, state: "fresh"},
		{name: "a declaration change: statements that ran it or a namesake in its hierarchy (not Square's area)",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"  public int area()", "  public synchronized int area()"}},
			want:  []string{"s.ShapeTest#circle:11 coverage"}, state: "fresh"},
		{name: "a declaration change of annotations stays with the graph (reflection may read them)",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"  public int area()", "  @Deprecated public int area()"}},
			want:  []string{"s.ShapeTest#circle:11 static", "s.ShapeTest#circleLater:14 static", "s.ShapeTest#square:7 static"}, state: "fresh"},
		{name: "an added constructor: statements that ran a constructor of the type with as many parameters",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"  public Circle(int r)", "  public Circle(long r) { this((int) r); }\n  public Circle(int r)"}},
			want:  []string{"s.ShapeTest#circle:11 coverage"}, state: "fresh"},
		{name: "an added constructor no recorded call's argument count fits",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"  public Circle(int r)", "  public Circle() { this(1); }\n  public Circle(int r)"}},
			want:  []string{}, state: "fresh"},
		{name: "an added Object method: statements that ran a constructor of the class (library code calls it unrecorded, but on an object made there)",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"  public int area()", "  public String toString() { return \"c\"; }\n  public int area()"}},
			want:  []string{"s.ShapeTest#circle:11 coverage"}, state: "fresh"},
		{name: "an added finalize is left to the graph (the collector runs it in any test)",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"  public int area()", "  protected void finalize() { }\n  public int area()"}},
			want:  []string{"s.ShapeTest#circle:11 static", "s.ShapeTest#circleLater:14 static"}, state: "fresh"},
		{name: "an added type the baseline never names is judged where its users ran",
			edits: map[string][2]string{"src/main/java/s/Circle.java": {"3 * r * r", "Triple.of(r * r)"},
				"src/main/java/s/Shape.java": {"int area(); }", "int area(); }\nclass Triple { static int of(int x) { return 3 * x; } }"}},
			want: []string{"s.ShapeTest#circle:11 coverage"}, state: "fresh"},
		{name: "an added type whose simple name the baseline uses stays with the graph",
			edits: map[string][2]string{"src/main/java/s/Shapes.java": {"public class Shapes {", "public class Shapes {\n  static class Shape {}"}},
			want:  []string{"s.ShapeTest#circle:11 static", "s.ShapeTest#square:7 static"}, state: "fresh"},
		{name: "an added test type is new test code: the graph, saying so",
			edits: map[string][2]string{"src/test/java/s/ShapeTest.java": {"public class ShapeTest {", "public class ShapeTest {\n  public static class Extra { @Test public void t() { assertEquals(1, new Circle(1).area()); } }"}},
			want:  []string{"s.ShapeTest.Extra#t:5 static"}, state: "stale", why: "an added test type"},
		{name: "no change: nothing, and changes is an empty list",
			want: []string{}, state: "fresh"},
		{name: "a record of other production sources is not used",
			edits: circleBody, recordEdits: map[string][2]string{"src/main/java/s/Shapes.java": {"int t = 0;", "int t = 0; "}},
			want: []string{"s.ShapeTest#circle:11 static", "s.ShapeTest#circleLater:14 static", "s.ShapeTest#square:7 static"}, state: "stale"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			base, cur := shapeSnapshot(t, nil), shapeSnapshot(t, tc.edits)
			recSnap := base
			if tc.recordEdits != nil {
				recSnap = shapeSnapshot(t, tc.recordEdits)
			}
			d, err := slicing.DiscoverAll(cur, cur.Read, slicing.Options{})
			if err != nil {
				t.Fatal(err)
			}
			in := Input{Base: base, Cur: cur, BaseGraph: analysis.BuildGraph(base), CurGraph: analysis.BuildGraph(cur),
				Tests: d.Classes, Level: slicing.LevelAssertion}
			static := Select(in)
			in.Coverage = shapeRecord(recSnap, tc.status)
			res := Select(in)
			got := []string{}
			for _, u := range res.Units {
				got = append(got, u.ID+" "+u.Source)
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("units = %v, want %v (static alone: %v)", got, tc.want, sortedUnitIDs(static))
			}
			if tc.via != "" && !slices.ContainsFunc(res.Units, func(u slicing.Unit) bool { return slices.Contains(u.Via, tc.via) }) {
				t.Errorf("no unit's via names %q: %v", tc.via, res.Units)
			}
			if tc.why != "" {
				checkStaticReason(t, res, tc.why)
			}
			if res.Coverage == nil || res.Coverage.State != tc.state {
				t.Errorf("coverage use = %+v, want state %s", res.Coverage, tc.state)
			}
			if res.Changes == nil {
				t.Error("changes is nil (null in the JSON contract)")
			}
			if res.Totals.FromCoverage+res.Totals.FromStatic != len(res.Units) {
				t.Errorf("totals by source %d+%d, %d units", res.Totals.FromCoverage, res.Totals.FromStatic, len(res.Units))
			}
			// Safety: whatever the static graph alone selects for a test the record cannot
			// vouch for stays selected.
			if res.Coverage.State == "stale" {
				for _, id := range sortedUnitIDs(static) {
					vouched := strings.HasPrefix(id, "s.ShapeTest#square") || strings.HasPrefix(id, "s.ShapeTest#circleLater") // passed; disabled
					if !slices.Contains(sortedUnitIDs(res), id) && !vouched {
						t.Errorf("static unit %s dropped", id)
					}
				}
			}
		})
	}
}

// TestHybridIsMorePreciseThanStatic pins the reason coverage is worth having: the static
// graph cannot tell which Shape a call dispatches to, the record can.
func TestHybridIsMorePreciseThanStatic(t *testing.T) {
	base := shapeSnapshot(t, nil)
	cur := shapeSnapshot(t, map[string][2]string{"src/main/java/s/Circle.java": {"3 * r * r", "4 * r * r"}})
	d, err := slicing.DiscoverAll(cur, cur.Read, slicing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := Input{Base: base, Cur: cur, BaseGraph: analysis.BuildGraph(base), CurGraph: analysis.BuildGraph(cur), Tests: d.Classes}
	static := sortedUnitIDs(Select(in))
	if !slices.Contains(static, "s.ShapeTest#square:7") {
		t.Fatalf("the static graph no longer over-selects here (%v): the fixture must change to keep testing precision", static)
	}
	in.Coverage = shapeRecord(base, nil)
	if got := sortedUnitIDs(Select(in)); !slices.Equal(got, []string{"s.ShapeTest#circle:11"}) {
		t.Fatalf("hybrid = %v", got)
	}
}

func sortedUnitIDs(res *Result) []string {
	ids := append([]string{}, unitIDs(res)...)
	slices.Sort(ids)
	return slices.Compact(ids)
}

// unitsFiles keep computed values in static state: a static field initialized once per JVM
// (the agent marks what runs during class initialization), a static memo filled by
// whichever test calls first, and a static cache (both found by the graph). The record saw
// only the first test execute init, build and compute; the second reads their results.
var unitsFiles = map[string]string{
	"src/main/java/s/Units.java": `package s;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
public class Units {
  static final int BASE = init();
  static int init() { return 1; }
  private static String cached;
  static String label() { if (cached == null) cached = build(); return cached; }
  static String build() { return "u"; }
  private static final Map<Integer, Integer> CACHE = new HashMap<>();
  static int square(int x) { return CACHE.computeIfAbsent(x, k -> compute(k)); }
  static int compute(int x) { return x * x; }
  static int twice(int x) { return 2 * x; }
  public static int factor(int i) { return BASE + i; }
  static int half(int x) { return x / 2; }
  static int third(int x) { return x / 3; }
  private static final Set<Integer> NONE = Collections.emptySet();
  private static final Set<Integer> SEEN = new HashSet<>();
  static final class Holder {
    private final Set<Integer> set;
    Holder(Set<Integer> set) { this.set = set; }
    Set<Integer> set() { return set; }
  }
  static int quarter(int x) { return x / 4 + new Holder(NONE).set().size(); }
  static int fifthOf(int x) { return x / 5 + new Holder(SEEN).set().size(); }
}
`,
	"src/test/java/s/Bench.java": `package s;
public class Bench {
  static int last;
  public static void main(String[] args) { last = Units.twice(3); }
}
`,
	"src/test/java/s/UnitsTest.java": `package s;
import org.junit.Test;
import static org.junit.Assert.*;
public class UnitsTest {
  @Test public void first() {
    assertEquals(1, Units.factor(0));
    assertEquals("u", Units.label());
    assertEquals(9, Units.square(3));
  }
  @Test public void second() {
    assertEquals(2, Units.factor(1));
    assertEquals("u", Units.label());
    assertEquals(9, Units.square(3));
    assertEquals(4, Units.twice(2));
  }
  static int kept;
  @Test public void third() {
    kept = Units.half(8);
  }
  @Test public void fourth() {
    assertEquals(4, kept);
  }
  static int level;
  @Test public void fifth() {
    int old = level;
    level = 2;
    try { assertEquals(2, Units.third(6)); } finally { level = old; }
  }
  @Test public void sixth() {
    assertEquals(2, Units.quarter(8));
  }
  @Test public void seventh() {
    assertEquals(2, Units.fifthOf(10));
  }
}
`,
}

// TestHybridLeavesStaticStateToTheGraph: a change whose result can live on in static state
// reaches tests that never executed it, so coverage must not judge it (the second test's
// assertions would be missed); a change to a pure method stays judged by coverage.
func TestHybridLeavesStaticStateToTheGraph(t *testing.T) {
	members := []coverage.JVMMember{
		{Class: "s.Units", Method: "<clinit>", Desc: "()V"},
		{Class: "s.Units", Method: "init", Desc: "()I"},
		{Class: "s.Units", Method: "factor", Desc: "(I)I"},
		{Class: "s.Units", Method: "label", Desc: "()Ljava/lang/String;"},
		{Class: "s.Units", Method: "build", Desc: "()Ljava/lang/String;"},
		{Class: "s.Units", Method: "square", Desc: "(I)I"},
		{Class: "s.Units", Method: "compute", Desc: "(I)I"},
		{Class: "s.Units", Method: "twice", Desc: "(I)I"},
		{Class: "s.Units", Method: "half", Desc: "(I)I"},
		{Class: "s.Units", Method: "third", Desc: "(I)I"},
		{Class: "s.Units", Method: "quarter", Desc: "(I)I"},
		{Class: "s.Units", Method: "fifthOf", Desc: "(I)I"},
	}
	hit := func(m int, test string, line int) coverage.JVMHit {
		return coverage.JVMHit{Member: m, TestClass: "s.UnitsTest", TestMethod: test, Line: line}
	}
	run := coverage.Run{Members: members, Hits: []coverage.JVMHit{
		hit(0, "first", 6), hit(1, "first", 6), hit(2, "first", 6), hit(3, "first", 7), hit(4, "first", 7),
		hit(5, "first", 8), hit(6, "first", 8),
		hit(2, "second", 11), hit(3, "second", 12), hit(5, "second", 13), hit(7, "second", 14), hit(8, "third", 18),
		hit(9, "fifth", 27), hit(10, "sixth", 30), hit(11, "seventh", 33),
	}, Tests: []coverage.TestOutcome{{Test: "s.UnitsTest#first", Status: "passed"}, {Test: "s.UnitsTest#second", Status: "passed"},
		{Test: "s.UnitsTest#third", Status: "passed"}, {Test: "s.UnitsTest#fourth", Status: "passed"},
		{Test: "s.UnitsTest#fifth", Status: "passed"}, {Test: "s.UnitsTest#sixth", Status: "passed"}, {Test: "s.UnitsTest#seventh", Status: "passed"}},
		ClassInit: []int{0, 1}} // the agent saw <clinit> and init run during Units' initialization
	for _, tc := range []struct {
		name, old, new string
		must           string // a unit that must be selected
		source         string // what selects it
		why            string // what coverage.static says of the change ("" for none)
	}{
		{"static field initializer's callee", "return 1;", "return 2;", "s.UnitsTest#second:11", SourceStatic, "s.Units#init() ran during class initialization"},
		{"memo filled by the first caller", `return "u";`, `return "v";`, "s.UnitsTest#second:12", SourceStatic, "static state through s.Units#label()"},
		{"static cache filled by the first caller", "return x * x;", "return x * x + 1;", "s.UnitsTest#second:13", SourceStatic, "static state through s.Units#square(int)"},
		{"pure method: coverage judges (a benchmark's main keeping it in a static runs in no test)", "return 2 * x;", "return 3 * x;", "s.UnitsTest#second:14", SourceCoverage, ""},
		{"a test keeping the result in a static field another test reads", "return x / 2;", "return x / 4;", "s.UnitsTest#third", SourceStatic, "static state through s.UnitsTest#third()"},
		{"a test saving and restoring a static only it reads", "return x / 3;", "return x / 3 + 0;", "s.UnitsTest#fifth:27", SourceCoverage, ""},
		{"an immutable empty set handed on fills nothing (commons-lang's LangCollectors.CH_NOID)", "return x / 4", "return x / 4 + 0", "s.UnitsTest#sixth:30", SourceCoverage, ""},
		{"a mutable static set handed on may be filled", "return x / 5", "return x / 5 + 0", "s.UnitsTest#seventh:33", SourceStatic, "static state through s.Units#fifthOf(int)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := selectWithRecord(t, unitsFiles, "src/main/java/s/Units.java", tc.old, tc.new, run)
			var got []string
			for _, u := range res.Units {
				got = append(got, u.ID+" "+u.Source)
				if u.ID == tc.must && u.Source != tc.source {
					t.Errorf("%s selected by %s, want %s", u.ID, u.Source, tc.source)
				}
			}
			if !slices.ContainsFunc(res.Units, func(u slicing.Unit) bool { return u.ID == tc.must }) {
				t.Errorf("%s missed; selected %v", tc.must, got)
			}
			if tc.source == SourceCoverage && len(res.Units) != 1 {
				t.Errorf("a pure method's change selected %v, want only %s", got, tc.must)
			}
			checkStaticReason(t, res, tc.why)
		})
	}
}

// selectWithRecord selects at assertion level, with a record of run made on files, for the
// edit old → new in file.
func selectWithRecord(t *testing.T, files map[string]string, file, old, new string, run coverage.Run) *Result {
	t.Helper()
	return selectEdit(t, files, file, old, new, slicing.LevelAssertion, &run)
}

// selectEdit selects at level for the edit old → new in file of files, with a record of
// run made on files when run is not nil.
func selectEdit(t *testing.T, files map[string]string, file, old, new string, level slicing.Level, run *coverage.Run) *Result {
	t.Helper()
	base := memSnapshot(t, files, nil)
	cur := memSnapshot(t, files, map[string][2]string{file: {old, new}})
	d, err := slicing.DiscoverAll(cur, cur.Read, slicing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := Input{Base: base, Cur: cur, BaseGraph: analysis.BuildGraph(base), CurGraph: analysis.BuildGraph(cur),
		Tests: d.Classes, Level: level}
	if run != nil {
		in.Coverage = coverage.Build(base, *run)
	}
	return Select(in)
}

// checkStaticReason checks coverage.static: no change left to the graph when why is "",
// else exactly one, with a reason containing why.
func checkStaticReason(t *testing.T, res *Result, why string) {
	t.Helper()
	switch static := res.Coverage.Static; {
	case why == "" && len(static) > 0:
		t.Errorf("coverage.static = %v, want none", static)
	case why != "" && (len(static) != 1 || !strings.Contains(static[0].Reason, why)):
		t.Errorf("coverage.static = %v, want one reason containing %q", static, why)
	}
}

// namesFiles read static containers. Only reading one (read-only methods, a for-each, a
// copy into a local list) cannot keep a callee's result there; filling an element got from
// it, or handing the container on, can.
var namesFiles = map[string]string{
	"src/main/java/s/Names.java": `package s;
import java.util.*;
public class Names {
  private static final List<String> NAMES = new ArrayList<>(Arrays.asList("a", "b"));
  private static final Map<String, List<String>> SEEN = new HashMap<>();
  static { SEEN.put("k", new ArrayList<>()); }
  static String describe() { List<String> out = new ArrayList<>(NAMES); out.add(shout()); return out.size() + (NAMES.contains("a") ? "y" : "n"); }
  static String shout() { return "A"; }
  static int loop() { int n = 0; for (String s : NAMES) { n += count(s); } return n; }
  static int count(String s) { return s.length(); }
  static String noted() { String v = note(); SEEN.get("k").add(v); return v; }
  static String note() { return "n"; }
  static String aliased() { Map<String, List<String>> m = SEEN; String v = tag(); m.put(v, new ArrayList<>()); return v; }
  static String tag() { return "t"; }
}
`,
	// A constructor storing a static list into a field: Shelf only reads that field (a
	// Crate's field of the same name is another one), Rack also fills it.
	"src/main/java/s/Shelf.java": `package s;
import java.util.*;
public class Shelf {
  private static final List<String> DEFAULTS = new ArrayList<>(Arrays.asList("d"));
  private final List<String> items;
  private final String stamp;
  Shelf() { this.items = DEFAULTS; stamp = mark(); }
  static String mark() { return "m"; }
  String first() { return items.get(0) + stamp; }
  static void load(Crate c) { Crate.keep(c.items); } // a Crate's own items, not a Shelf's
}
`,
	"src/main/java/s/Crate.java": `package s;
import java.util.*;
public class Crate {
  final List<String> items = new ArrayList<>();
  static void keep(List<String> l) { }
}
`,
	"src/main/java/s/Rack.java": `package s;
import java.util.*;
public class Rack {
  private static final List<String> DEFAULTS = new ArrayList<>();
  private final List<String> items;
  Rack() { items = DEFAULTS; put(this, label()); }
  static String label() { return "r"; }
  static void put(Rack r, String s) { r.items.add(s); }
  int size() { return items.size(); }
}
`,
	"src/test/java/s/NamesTest.java": `package s;
import org.junit.Test;
import static org.junit.Assert.*;
public class NamesTest {
  @Test public void describes() { assertEquals("3y", Names.describe()); }
  @Test public void loops() { assertEquals(2, Names.loop()); }
  @Test public void notes() { assertEquals("n", Names.noted()); }
  @Test public void aliases() { assertEquals("t", Names.aliased()); }
  @Test public void shelves() { assertEquals("dm", new Shelf().first()); }
  @Test public void racks() { assertEquals(1, new Rack().size()); }
}
`,
}

// TestHybridStaticContainersOnlyRead: a caller that only reads a static container leaves
// its callee's change to the record; one that fills an element or hands the container on
// keeps it with the graph.
func TestHybridStaticContainersOnlyRead(t *testing.T) {
	str, intOfStr, integer := "()Ljava/lang/String;", "(Ljava/lang/String;)I", "()I"
	members := []coverage.JVMMember{
		{Class: "s.Names", Method: "describe", Desc: str}, {Class: "s.Names", Method: "shout", Desc: str},
		{Class: "s.Names", Method: "loop", Desc: integer}, {Class: "s.Names", Method: "count", Desc: intOfStr},
		{Class: "s.Names", Method: "noted", Desc: str}, {Class: "s.Names", Method: "note", Desc: str},
		{Class: "s.Names", Method: "aliased", Desc: str}, {Class: "s.Names", Method: "tag", Desc: str},
		{Class: "s.Shelf", Method: "<init>", Desc: "()V"}, {Class: "s.Shelf", Method: "mark", Desc: str},
		{Class: "s.Rack", Method: "<init>", Desc: "()V"}, {Class: "s.Rack", Method: "label", Desc: str},
	}
	var hits []coverage.JVMHit
	var outcomes []coverage.TestOutcome
	for i, test := range []string{"describes", "loops", "notes", "aliases", "shelves", "racks"} {
		for _, m := range []int{2 * i, 2*i + 1} {
			hits = append(hits, coverage.JVMHit{Member: m, TestClass: "s.NamesTest", TestMethod: test, Line: 5 + i})
		}
		outcomes = append(outcomes, coverage.TestOutcome{Test: "s.NamesTest#" + test, Status: "passed"})
	}
	run := coverage.Run{Members: members, Hits: hits, Tests: outcomes}
	for _, tc := range []struct {
		name, old, new string
		must           string // the unit that must be selected
		source         string
		why            string // what coverage.static says ("" for nothing)
	}{
		{"a copy and read-only calls", `return "A";`, `return "B";`, "s.NamesTest#describes:5", SourceCoverage, ""},
		{"a for-each", "return s.length();", "return s.length() + 1;", "s.NamesTest#loops:6", SourceCoverage, ""},
		{"an element got from the container is filled", `return "n";`, `return "m";`, "s.NamesTest#notes:7", SourceStatic, "static state through s.Names#noted()"},
		{"the container handed to a local", `return "t";`, `return "u";`, "s.NamesTest#aliases:8", SourceStatic, "static state through s.Names#aliased()"},
		{"stored into a field only read", `return "m";`, `return "n";`, "s.NamesTest#shelves:9", SourceCoverage, ""},
		{"stored into a field that is filled", `return "r";`, `return "q";`, "s.NamesTest#racks:10", SourceStatic, "static state through s.Rack#<init>()"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := "src/main/java/s/Names.java"
			for p, text := range namesFiles {
				if strings.Contains(text, tc.old) {
					file = p
				}
			}
			res := selectWithRecord(t, namesFiles, file, tc.old, tc.new, run)
			var got []string
			for _, u := range res.Units {
				got = append(got, u.ID+" "+u.Source)
			}
			if want := []string{tc.must + " " + tc.source}; !slices.Equal(got, want) {
				t.Errorf("selected %v, want %v", got, want)
			}
			checkStaticReason(t, res, tc.why)
		})
	}
}

// helperFiles have test helpers: one in a file of its own, one in a test class.
var helperFiles = map[string]string{
	"src/main/java/s/Calc.java": `package s;
public class Calc { public static int twice(int x) { return 2 * x; } }
`,
	"src/test/java/s/Checks.java": `package s;
public class Checks { static int norm(int x) { return Math.abs(x); } }
`,
	"src/test/java/s/ATest.java": `package s;
import org.junit.Test;
import static org.junit.Assert.*;
public class ATest {
  @Test public void usesHelper() { assertEquals(4, Checks.norm(Calc.twice(-2))); }
  @Test public void noHelper() { assertEquals(4, Calc.twice(2)); }
}
`,
	"src/test/java/s/BTest.java": `package s;
import org.junit.Test;
import static org.junit.Assert.*;
public class BTest {
  static int local(int x) { return x + 1; }
  @Test public void usesLocal() { assertEquals(3, local(2)); }
  @Test public void other() { assertEquals(2, Calc.twice(1)); }
}
`,
}

// TestHybridTestHelperChanges: the record judges a body change of a test helper like one
// of production code, for the tests whose files did not change; the tests of the helper's
// own file, and changed test methods, go to the static graph.
func TestHybridTestHelperChanges(t *testing.T) {
	members := []coverage.JVMMember{
		{Class: "s.Calc", Method: "twice", Desc: "(I)I"}, {Class: "s.Checks", Method: "norm", Desc: "(I)I"},
		{Class: "s.BTest", Method: "local", Desc: "(I)I"},
	}
	hit := func(m int, class, test string, line int) coverage.JVMHit {
		return coverage.JVMHit{Member: m, TestClass: class, TestMethod: test, Line: line}
	}
	run := coverage.Run{Members: members, Hits: []coverage.JVMHit{
		hit(1, "s.ATest", "usesHelper", 5), hit(0, "s.ATest", "usesHelper", 5), hit(0, "s.ATest", "noHelper", 6),
		hit(2, "s.BTest", "usesLocal", 6), hit(0, "s.BTest", "other", 7),
	}}
	for _, id := range []string{"s.ATest#usesHelper", "s.ATest#noHelper", "s.BTest#usesLocal", "s.BTest#other"} {
		run.Tests = append(run.Tests, coverage.TestOutcome{Test: id, Status: "passed"})
	}
	for _, tc := range []struct {
		name, file, old, new string
		want                 []string // selected units with their source
		why                  string   // what coverage.static says ("" for nothing)
	}{
		{"a helper in a file of its own", "src/test/java/s/Checks.java", "Math.abs(x)", "Math.abs(x) + 0",
			[]string{"s.ATest#usesHelper:5 coverage"}, ""},
		{"a helper in a test class: its tests go static", "src/test/java/s/BTest.java", "return x + 1;", "return 1 + x;",
			[]string{"s.BTest#usesLocal:6 static"}, ""},
		{"a test method", "src/test/java/s/ATest.java", "assertEquals(4, Calc.twice(2));", "assertEquals(4, Calc.twice(1 + 1));",
			[]string{"s.ATest#noHelper:6 static"}, "a change to test code"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := selectWithRecord(t, helperFiles, tc.file, tc.old, tc.new, run)
			var got []string
			for _, u := range res.Units {
				got = append(got, u.ID+" "+u.Source)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("selected %v, want %v", got, tc.want)
			}
			checkStaticReason(t, res, tc.why)
		})
	}
}

// TestHybridAddedOverrideOfLibraryMethod: Bag inherits size() from ArrayList, so the record
// never saw the test's bag.size() run project code; overriding it must be judged by the
// graph, or the assertion is missed.
func TestHybridAddedOverrideOfLibraryMethod(t *testing.T) {
	files := map[string]string{
		"src/main/java/s/Bag.java": "package s;\npublic class Bag extends java.util.ArrayList<String> {\n  public Bag fill() { add(\"x\"); return this; }\n}\n",
		"src/test/java/s/BagTest.java": `package s;
import org.junit.Test;
import static org.junit.Assert.*;
public class BagTest {
  @Test public void size() {
    Bag b = new Bag().fill();
    assertEquals(1, b.size());
  }
}
`,
	}
	run := coverage.Run{
		Members: []coverage.JVMMember{{Class: "s.Bag", Method: "<init>", Desc: "()V"}, {Class: "s.Bag", Method: "fill", Desc: "()Ls/Bag;"}},
		Hits: []coverage.JVMHit{{Member: 0, TestClass: "s.BagTest", TestMethod: "size", Line: 6},
			{Member: 1, TestClass: "s.BagTest", TestMethod: "size", Line: 6}},
		Tests: []coverage.TestOutcome{{Test: "s.BagTest#size", Status: "passed"}},
	}
	base := memSnapshot(t, files, nil)
	cur := memSnapshot(t, files, map[string][2]string{"src/main/java/s/Bag.java": {"  public Bag fill()", "  public int size() { return 0; }\n  public Bag fill()"}})
	res := Select(hybridInput(t, base, cur, coverage.Build(base, run)))
	if len(res.Units) != 1 || res.Units[0].ID != "s.BagTest#size:7" || res.Units[0].Source != SourceStatic {
		t.Fatalf("units = %+v, want s.BagTest#size:7 from the static graph", res.Units)
	}
}

// TestHybridFunctionConstants: a static field holding a lambda is made by class
// initialization, but its body runs where tests call it, and that is what the record holds
// for the field; a static field computed by a call stays with the graph.
func TestHybridFunctionConstants(t *testing.T) {
	files := map[string]string{
		"src/main/java/s/Conv.java": `package s;
import java.util.function.IntUnaryOperator;
public class Conv {
  public static final IntUnaryOperator TWICE = x -> 2 * x;
  public static final IntUnaryOperator TIMES = Conv.times(3);
  static IntUnaryOperator times(int n) { return x -> x * n; }
}
`,
		"src/test/java/s/ConvTest.java": `package s;
import org.junit.Test;
import static org.junit.Assert.*;
public class ConvTest {
  @Test public void twice() {
    assertEquals(4, Conv.TWICE.applyAsInt(2));
  }
  @Test public void times() {
    assertEquals(6, Conv.TIMES.applyAsInt(2));
  }
}
`,
	}
	run := coverage.Run{
		Members: []coverage.JVMMember{
			{Class: "s.Conv", Method: "<clinit>", Desc: "()V", FirstLine: 4, LastLine: 5},
			{Class: "s.Conv", Method: "lambda$static$0", Desc: "(I)I", FirstLine: 4, LastLine: 4, Synthetic: true},
			{Class: "s.Conv", Method: "times", Desc: "(I)Ljava/util/function/IntUnaryOperator;", FirstLine: 6, LastLine: 6},
			{Class: "s.Conv", Method: "lambda$times$1", Desc: "(II)I", FirstLine: 6, LastLine: 6, Synthetic: true},
		},
		Hits: []coverage.JVMHit{
			{Member: 0, TestClass: "s.ConvTest", TestMethod: "twice", Line: 6}, {Member: 2, TestClass: "s.ConvTest", TestMethod: "twice", Line: 6},
			{Member: 1, TestClass: "s.ConvTest", TestMethod: "twice", Line: 6}, {Member: 3, TestClass: "s.ConvTest", TestMethod: "times", Line: 9},
		},
		ClassInit: []int{0, 2},
		Tests:     []coverage.TestOutcome{{Test: "s.ConvTest#twice", Status: "passed"}, {Test: "s.ConvTest#times", Status: "passed"}},
	}
	for _, tc := range []struct {
		name, old, new string
		want           []string
	}{
		{"a lambda constant: where it ran", "x -> 2 * x", "x -> 3 * x", []string{"s.ConvTest#twice:6 coverage"}},
		{"a constant computed by a call: the graph", "Conv.times(3)", "Conv.times(4)", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := memSnapshot(t, files, nil)
			cur := memSnapshot(t, files, map[string][2]string{"src/main/java/s/Conv.java": {tc.old, tc.new}})
			res := Select(hybridInput(t, base, cur, coverage.Build(base, run)))
			var got []string
			for _, u := range res.Units {
				got = append(got, u.ID+" "+u.Source)
				if tc.want == nil && u.Source != SourceStatic {
					t.Errorf("%s selected by %s; a computed constant must be left to the graph", u.ID, u.Source)
				}
			}
			if tc.want == nil {
				if !slices.ContainsFunc(res.Units, func(u slicing.Unit) bool { return u.ID == "s.ConvTest#times:9" }) {
					t.Errorf("times:9 missed; selected %v", got)
				}
				return
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("units = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestHybridAddedMethodOfLibrarySubtype: a type with a library supertype keeps coverage for
// an added method unless library code may call a method of that name on it: Cloneable
// only calls clone, Comparable calls compareTo.
func TestHybridAddedMethodOfLibrarySubtype(t *testing.T) {
	const box = `package s;
public class Box implements %s {
  private int v;
  public Box put(int x) { v = x; return this; }
  public int get() { return v; }
}
`
	test := `package s;
import org.junit.Test;
import static org.junit.Assert.*;
public class BoxTest {
  @Test public void keeps() {
    Box b = new Box().put(1);
    assertEquals(1, b.get());
  }
}
`
	cases := []struct {
		name, super, added, want string
	}{
		{"an overload Cloneable never calls", "Cloneable", "  public Box put(long x) { v = 2; return this; }\n", "s.BoxTest#keeps:7 coverage"},
		{"compareTo, which Comparable calls", "Comparable<Box>", "  public int compareTo(Box o) { return 0; }\n", "s.BoxTest#keeps:7 static"},
		{"an overload java.time never calls on a TemporalAmount", "java.time.temporal.TemporalAmount", "  public Box put(long x) { v = 2; return this; }\n", "s.BoxTest#keeps:7 coverage"},
		{"addTo, which java.time calls on a TemporalAmount", "java.time.temporal.TemporalAmount", "  public java.time.temporal.Temporal addTo(java.time.temporal.Temporal t) { return t; }\n", "s.BoxTest#keeps:7 static"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"src/main/java/s/Box.java": fmt.Sprintf(box, tc.super), "src/test/java/s/BoxTest.java": test}
			run := coverage.Run{
				Members: []coverage.JVMMember{{Class: "s.Box", Method: "<init>", Desc: "()V"}, {Class: "s.Box", Method: "put", Desc: "(I)Ls/Box;"},
					{Class: "s.Box", Method: "get", Desc: "()I"}},
				Hits: []coverage.JVMHit{{Member: 0, TestClass: "s.BoxTest", TestMethod: "keeps", Line: 6},
					{Member: 1, TestClass: "s.BoxTest", TestMethod: "keeps", Line: 6}, {Member: 2, TestClass: "s.BoxTest", TestMethod: "keeps", Line: 7}},
				Tests: []coverage.TestOutcome{{Test: "s.BoxTest#keeps", Status: "passed"}},
			}
			base := memSnapshot(t, files, nil)
			cur := memSnapshot(t, files, map[string][2]string{"src/main/java/s/Box.java": {"  public int get()", tc.added + "  public int get()"}})
			res := Select(hybridInput(t, base, cur, coverage.Build(base, run)))
			got := []string{}
			for _, u := range res.Units {
				got = append(got, u.ID+" "+u.Source)
			}
			if !slices.Equal(got, []string{tc.want}) {
				t.Errorf("units = %v, want [%s]", got, tc.want)
			}
		})
	}
}

// TestHybridMergedRun: a record made on older sources answers for nothing, until a run on
// the baseline's sources is merged into it: then the tests of that run are judged by their
// new records and the others stay with the graph.
func TestHybridMergedRun(t *testing.T) {
	base := shapeSnapshot(t, nil)
	old := shapeSnapshot(t, map[string][2]string{"src/main/java/s/Shapes.java": {"int t = 0;", "int t = 0; "}})
	cur := shapeSnapshot(t, map[string][2]string{"src/main/java/s/Circle.java": {"3 * r * r", "4 * r * r"}})
	circleRun := coverage.Build(base, coverage.Run{
		Members: []coverage.JVMMember{{Class: "s.Circle", Method: "<init>", Desc: "(I)V"}, {Class: "s.Circle", Method: "area", Desc: "()I"},
			{Class: "s.Shapes", Method: "total", Desc: "([Ls/Shape;)I"}},
		Hits: []coverage.JVMHit{{Member: 0, TestClass: "s.ShapeTest", TestMethod: "circle", Line: 10},
			{Member: 1, TestClass: "s.ShapeTest", TestMethod: "circle", Line: 11}, {Member: 2, TestClass: "s.ShapeTest", TestMethod: "circle", Line: 11}},
		Tests: []coverage.TestOutcome{{Test: "s.ShapeTest#circle", Status: "passed"}},
	})
	d, err := slicing.DiscoverAll(cur, cur.Read, slicing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	in := Input{Base: base, Cur: cur, BaseGraph: analysis.BuildGraph(base), CurGraph: analysis.BuildGraph(cur),
		Tests: d.Classes, Level: slicing.LevelAssertion}
	for _, tc := range []struct {
		name  string
		rec   *coverage.Store
		want  []string
		stale int
	}{
		{"record of older sources alone", shapeRecord(old, nil),
			[]string{"s.ShapeTest#circle:11 static", "s.ShapeTest#circleLater:14 static", "s.ShapeTest#square:7 static"}, 0},
		{"with a run on the baseline merged in", coverage.Merge(shapeRecord(old, nil), circleRun),
			[]string{"s.ShapeTest#circle:11 coverage", "s.ShapeTest#circleLater:14 static", "s.ShapeTest#square:7 static"}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in.Coverage = tc.rec
			res := Select(in)
			got := []string{}
			for _, u := range res.Units {
				got = append(got, u.ID+" "+u.Source)
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("units = %v, want %v", got, tc.want)
			}
			if res.Coverage.StaleTests != tc.stale {
				t.Errorf("coverage use = %+v, want %d stale tests", res.Coverage, tc.stale)
			}
		})
	}
}

// TestHybridAddedMethodTakesStaticImportCalls: Peak calls Math.max through a static import;
// a max added to Peak takes that call over, though the record never saw Math.max run. The
// change must go to the graph (coverage would find no recorded max and select nothing).
func TestHybridAddedMethodTakesStaticImportCalls(t *testing.T) {
	files := map[string]string{
		"src/main/java/m/Peak.java": "package m;\nimport static java.lang.Math.max;\npublic class Peak {\n  public static int of(int a, int b) { return max(a, b); }\n}\n",
		"src/test/java/m/PeakTest.java": `package m;
import org.junit.Test;
import static org.junit.Assert.*;
public class PeakTest {
  @Test public void peaks() {
    assertEquals(3, Peak.of(2, 3));
  }
}
`,
	}
	run := coverage.Run{
		Members: []coverage.JVMMember{{Class: "m.Peak", Method: "of", Desc: "(II)I"}},
		Hits:    []coverage.JVMHit{{Member: 0, TestClass: "m.PeakTest", TestMethod: "peaks", Line: 6}},
		Tests:   []coverage.TestOutcome{{Test: "m.PeakTest#peaks", Status: "passed"}},
	}
	base := memSnapshot(t, files, nil)
	cur := memSnapshot(t, files, map[string][2]string{"src/main/java/m/Peak.java": {"public class Peak {", "public class Peak {\n  static int max(int a, int b) { return a; }"}})
	res := Select(hybridInput(t, base, cur, coverage.Build(base, run)))
	if len(res.Units) != 1 || res.Units[0].Test != "m.PeakTest#peaks" || res.Units[0].Source != SourceStatic {
		t.Fatalf("units = %+v, want m.PeakTest#peaks from the static graph", res.Units)
	}
}

// TestHybridWorkOnPooledThreads: work on a pooled thread whose creating test has ended
// cannot be credited to any test, so the agent lists it as unattributed; coverage alone would
// find no test executing Circle.area and miss circle. Such a member goes to the graph. Work
// on a thread the running test started is credited to its statement and stays judged by
// coverage.
func TestHybridWorkOnPooledThreads(t *testing.T) {
	base := shapeSnapshot(t, nil)
	cur := shapeSnapshot(t, map[string][2]string{"src/main/java/s/Circle.java": {"3 * r * r", "4 * r * r"}})
	d, err := slicing.DiscoverAll(cur, cur.Read, slicing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	members := []coverage.JVMMember{{Class: "s.Circle", Method: "<init>", Desc: "(I)V"}, {Class: "s.Circle", Method: "area", Desc: "()I"}}
	outcomes := []coverage.TestOutcome{{Test: "s.ShapeTest#square", Status: "passed"}, {Test: "s.ShapeTest#circle", Status: "passed"}}
	for _, tc := range []struct {
		name string
		run  coverage.Run
		want string
	}{
		{"unattributed: the graph", coverage.Run{Members: members,
			Hits:         []coverage.JVMHit{{Member: 0, TestClass: "s.ShapeTest", TestMethod: "circle", Line: 10}},
			Unattributed: []int{1}, Tests: outcomes}, "s.ShapeTest#circle:11 static"},
		{"on the running test's own thread pool: coverage", coverage.Run{Members: members,
			Hits: []coverage.JVMHit{{Member: 0, TestClass: "s.ShapeTest", TestMethod: "circle", Line: 10},
				{Member: 1, TestClass: "s.ShapeTest", TestMethod: "circle", Line: 11, OtherThread: true}}, Tests: outcomes}, "s.ShapeTest#circle:11 coverage"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := Select(Input{Base: base, Cur: cur, BaseGraph: analysis.BuildGraph(base), CurGraph: analysis.BuildGraph(cur),
				Tests: d.Classes, Level: slicing.LevelAssertion, Coverage: coverage.Build(base, tc.run)})
			if !slices.ContainsFunc(res.Units, func(u slicing.Unit) bool { return u.ID+" "+u.Source == tc.want }) {
				t.Fatalf("units = %v, want %s", res.Units, tc.want)
			}
		})
	}
}

// hybridInput is the assertion-level selection input of base → cur with the record rec.
func hybridInput(t *testing.T, base, cur *analysis.Snapshot, rec *coverage.Store) Input {
	t.Helper()
	d, err := slicing.DiscoverAll(cur, cur.Read, slicing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return Input{Base: base, Cur: cur, BaseGraph: analysis.BuildGraph(base), CurGraph: analysis.BuildGraph(cur),
		Tests: d.Classes, Level: slicing.LevelAssertion, Coverage: rec}
}

// keptFiles: KeptTest's @BeforeAll keeps a Thing in a static field of its own class. The
// record credits the constructor's run to the class's setup, which selects every test of
// the class, so the change needs no graph; unless another class reads that field
// (OtherTest, in the near-miss).
var keptFiles = map[string]string{
	"src/main/java/k/Thing.java": "package k;\npublic class Thing {\n  private final int v;\n  public Thing() { v = 1; }\n  public int value() { return v; }\n}\n",
	"src/test/java/k/KeptTest.java": `package k;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.*;
class KeptTest {
  static Thing kept;
  @BeforeAll static void setUp() { kept = new Thing(); }
  @Test void first() {
    assertEquals(1, kept.value());
  }
  @Test void second() {
    assertNotNull(kept);
  }
}
`,
	"src/test/java/k/OtherTest.java": `package k;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.*;
class OtherTest {
  @Test void other() {
    assertEquals(2, 1 + 1);
  }
}
`,
}

func TestHybridClassSetupKeepingItsOwnState(t *testing.T) {
	run := coverage.Run{
		Members: []coverage.JVMMember{{Class: "k.Thing", Method: "<init>", Desc: "()V"}, {Class: "k.Thing", Method: "value", Desc: "()I"}},
		Hits: []coverage.JVMHit{{Member: 0, TestClass: "k.KeptTest"},
			{Member: 1, TestClass: "k.KeptTest", TestMethod: "first", Line: 9}},
		Tests: []coverage.TestOutcome{{Test: "k.KeptTest#first", Status: "passed"}, {Test: "k.KeptTest#second", Status: "passed"},
			{Test: "k.OtherTest#other", Status: "passed"}},
	}
	const ctor, other = "  public Thing() { v = 1; }", "    assertEquals(2, 1 + 1);"
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  []string
		why   string
	}{
		{"kept for its own class's tests: the class's setup selects them all", keptFiles,
			[]string{"k.KeptTest#first:9 coverage", "k.KeptTest#second:12 coverage"}, ""},
		{"near-miss: another class reads what the setup keeps", withEdit(keptFiles, "src/test/java/k/OtherTest.java", other, "    assertEquals(2, 1 + 1);\n    assertNotNull(KeptTest.kept);"),
			nil, "static state through k.KeptTest#setUp()"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := selectWithRecord(t, tc.files, "src/main/java/k/Thing.java", ctor, "  public Thing() { v = 2; }", run)
			got := []string{}
			for _, u := range res.Units {
				got = append(got, u.ID+" "+u.Source)
			}
			slices.Sort(got)
			if tc.want != nil && !slices.Equal(got, tc.want) {
				t.Errorf("units = %v, want %v", got, tc.want)
			}
			checkStaticReason(t, res, tc.why)
		})
	}
}

// withEdit returns a copy of files with one replacement in file.
func withEdit(files map[string]string, file, old, new string) map[string]string {
	out := maps.Clone(files)
	out[file] = strings.Replace(out[file], old, new, 1)
	return out
}
