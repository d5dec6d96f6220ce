package selection

import (
	"slices"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection/coverage"
)

// boxFiles: Box's constant EMPTY is made during class initialization, so tests that use
// it never run a Box constructor themselves; Fields counts an object's fields by
// reflection (production code), and a test does so itself.
var boxFiles = map[string]string{
	"src/main/java/f/Base.java": "package f;\npublic class Base {\n  protected int size = 1;\n}\n",
	"src/main/java/f/Box.java": `package f;
public class Box extends Base {
  public static final Box EMPTY = new Box(0);
  private static final StringBuilder NOTES = new StringBuilder("n");
  private static final int TICKET = Counter.next();
  static final int LIMIT = 3;
  private final String label = String.valueOf(LIMIT);
  private final int v;
  public Box(int v) { this.v = v; }
  public int value() { return v; }
  public int size() { return size; }
}
`,
	"src/main/java/f/Counter.java": "package f;\npublic class Counter {\n  static int n;\n  public static int next() { return ++n; }\n}\n",
	"src/main/java/f/Fields.java":  "package f;\npublic class Fields {\n  public static int count(Object o) { return o.getClass().getDeclaredFields().length; }\n}\n",
	"src/test/java/f/BoxTest.java": `package f;
import org.junit.Test;
import static org.junit.Assert.*;
public class BoxTest {
  @Test public void value() {
    Box b = new Box(2);
    assertEquals(2, b.value());
  }
  @Test public void empty() {
    assertEquals(0, Box.EMPTY.value());
  }
  @Test public void reflects() {
    assertEquals(4, Fields.count(Box.EMPTY));
  }
  @Test public void reflectsHere() {
    assertEquals(4, Box.EMPTY.getClass().getDeclaredFields().length);
  }
  @Test public void sized() {
    assertEquals(1, Box.EMPTY.size());
  }
  @Test public void counts() {
    assertEquals(2, Counter.next());
  }
  @Test public void tagged() {
    assertNotNull(new Tag());
  }
  @Test public void mocked() {
    Tag t = org.mockito.Mockito.mock();
    assertNotNull(t);
  }
  @Test public void reflectsTag() {
    assertEquals(0, Fields.count(new Tag()));
  }
  @Test public void reflectsShelved() {
    Object first = Shelf.first();
    assertEquals(4, Fields.count(first));
  }
  @Test public void padShelved() {
    assertEquals(1, Fields.count(Shelf.PAD));
  }
  @Test public void printsShelved() {
    Object first = Shelf.first();
    assertEquals("box", String.valueOf(first));
  }
  @Test public void isBox() {
    assertTrue(Object.class.isAssignableFrom(Box.class));
  }
  @Test public void literalFields() {
    assertEquals(4, Box.class.getDeclaredFields().length);
  }
  @Test public void serialized() throws Exception {
    java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(new java.io.ByteArrayOutputStream());
    out.writeObject(Box.EMPTY);
    assertNotNull(out);
  }
}
`,
	"src/main/java/f/Shelf.java":  "package f;\npublic class Shelf {\n  public static final Object PAD = new Pad();\n  public static Object first() { return Box.EMPTY; }\n}\n",
	"src/main/java/f/Uses.java":   "package f;\nimport static f.Limits.MAX;\nimport static java.util.Map.Entry;\npublic class Uses {\n  static int max() { return MAX; }\n}\n",
	"src/main/java/f/Pad.java":    "package f;\npublic class Pad {\n  int x;\n}\n",
	"src/main/java/f/Tag.java":    "package f;\npublic class Tag {\n}\n",
	"src/main/java/f/Limits.java": "package f;\npublic class Limits {\n  public static final int MAX = 9;\n}\n",
}

// boxRun is what the agent records for boxFiles: empty runs first and triggers Box's
// initialization, which makes EMPTY and takes a ticket from Counter.
func boxRun() coverage.Run {
	members := []coverage.JVMMember{
		{Class: "f.Box", Method: "<clinit>", Desc: "()V"},
		{Class: "f.Box", Method: "<init>", Desc: "(I)V"},
		{Class: "f.Box", Method: "value", Desc: "()I"},
		{Class: "f.Box", Method: "size", Desc: "()I"},
		{Class: "f.Base", Method: "<init>", Desc: "()V"},
		{Class: "f.Counter", Method: "next", Desc: "()I"},
		{Class: "f.Fields", Method: "count", Desc: "(Ljava/lang/Object;)I"},
		{Class: "f.Tag", Method: "<init>", Desc: "()V"},
		{Class: "f.Shelf", Method: "first", Desc: "()Ljava/lang/Object;"},
		{Class: "f.Shelf", Method: "<clinit>", Desc: "()V"},
		{Class: "f.Pad", Method: "<init>", Desc: "()V"},
	}
	hit := func(m int, test string, line int) coverage.JVMHit {
		return coverage.JVMHit{Member: m, TestClass: "f.BoxTest", TestMethod: test, Line: line}
	}
	run := coverage.Run{Members: members, Hits: []coverage.JVMHit{
		hit(0, "empty", 10), hit(1, "empty", 10), hit(4, "empty", 10), hit(5, "empty", 10), hit(2, "empty", 10),
		hit(1, "value", 6), hit(4, "value", 6), hit(2, "value", 7),
		hit(6, "reflects", 13),
		hit(3, "sized", 19),
		hit(5, "counts", 22),
		hit(7, "tagged", 25),
		hit(7, "reflectsTag", 32), hit(6, "reflectsTag", 32),
		hit(8, "reflectsShelved", 35), hit(6, "reflectsShelved", 36),
		hit(9, "reflectsShelved", 35), hit(10, "reflectsShelved", 35), // Shelf's initialization makes PAD
		hit(6, "padShelved", 39),
		hit(8, "printsShelved", 42),
	}, ClassInit: []int{0, 1, 4, 5, 9, 10}}
	for _, name := range []string{"value", "empty", "reflects", "reflectsHere", "sized", "counts", "tagged", "mocked", "reflectsTag", "reflectsShelved", "padShelved", "printsShelved", "isBox", "literalFields", "serialized"} {
		run.Tests = append(run.Tests, coverage.TestOutcome{Test: "f.BoxTest#" + name, Status: "passed"})
	}
	return run
}

// TestHybridAddedAndDeletedFields: a field added or deleted is judged by the record when
// its initializer only makes its own value: the statements that ran it (constructors,
// class initialization), the runs of code whose names now bind to it, and whatever may
// enumerate fields (reflection in production code by its runs, in test code by its
// statements). sized and counts never see such a change. Near-misses stay with the graph:
// an initializer that runs code, a deleted one that changed other state, an annotated
// field.
func TestHybridAddedAndDeletedFields(t *testing.T) {
	const box = "src/main/java/f/Box.java"
	// mocked makes a mock whose class it does not name: it may be a Box.
	// reflectsShelved enumerates a Box it got from Shelf, a run the record holds, not
	// Box's; reflectsTag enumerates a Tag and never reaches a Box.
	// A static field is seen by reflection, never by serialization (serialized).
	// isBox names Box.class only to ask about the class itself.
	staticSeers := []string{"f.BoxTest#reflects:13 coverage", "f.BoxTest#reflectsHere:16 coverage",
		"f.BoxTest#mocked:29 coverage", "f.BoxTest#reflectsShelved:36 coverage", "f.BoxTest#literalFields:49 coverage"}
	seers := append(slices.Clone(staticSeers), "f.BoxTest#serialized:54 coverage")
	// An initializer that may throw (String.valueOf) is also selected where it ran: every
	// constructor (value, and empty through class initialization).
	runners := append([]string{"f.BoxTest#empty:10 coverage", "f.BoxTest#value:7 coverage"}, seers...)
	for _, tc := range []struct {
		name, old, new string
		want           []string // "unit source", sorted; nil: only check why
		why            string   // what coverage.static says of the change ("" for none)
	}{
		{"an added lock: what may see it (a trivial initializer changes nothing where it runs)", "  private final int v;", "  private final int v;\n  private final Object lock = new Object();",
			seers, ""},
		{"an added field set to a compile-time constant", "  private final int v;", "  private final int v;\n  private int limit = LIMIT;",
			seers, ""},
		{"an added field set to another class's constant", "  private final int v;", "  private final int v;\n  private int limit = Limits.MAX;",
			seers, ""},
		{"an added field set to a JDK constant", "  private final int v;", "  private final int v;\n  private int limit = Integer.MAX_VALUE;",
			seers, ""},
		{"near-miss: an added field set to a static that is no constant", "  private final int v;", "  private final int v;\n  private int limit = Counter.n;",
			nil, "initializer runs code"},
		{"an added field without initializer", "  private final int v;", "  private final int v;\n  private int spare;",
			seers, ""},
		{"an added field a subclass's unchanged name now reads (Box.size hides Base.size)", "  private final int v;", "  private final int v;\n  private int size = 5;",
			append(slices.Clone(seers), "f.BoxTest#sized:19 coverage"), ""},
		{"an added static field: what may see it", "  private final int v;", "  private final int v;\n  private static int[] EXTRA = {1};",
			staticSeers, ""},
		{"a deleted static field whose initializer made only its own value: also where class initialization ran it", "  private static final StringBuilder NOTES = new StringBuilder(\"n\");\n", "",
			append(slices.Clone(staticSeers), "f.BoxTest#empty:10 coverage"), ""},
		{"a deleted field whose initializer changed nothing else but might throw: also where it ran", "  private final String label = String.valueOf(LIMIT);\n", "",
			runners, ""},
		{"near-miss: an added field whose initializer runs code", "  private final int v;", "  private final int v;\n  private final int id = Counter.next();",
			nil, "initializer runs code"},
		{"near-miss: a deleted field whose initializer changed other state (Counter's count)", "  private static final int TICKET = Counter.next();\n", "",
			nil, "may have changed other state"},
		{"an added field named like a constant another file imports statically", "  private final int v;", "  private final int v;\n  private int MAX;",
			seers, ""},
		{"near-miss: an added field named like a type another file imports statically", "  private final int v;", "  private final int v;\n  private int Entry;",
			nil, "named like a type"},
		{"two added constants, one computed from the other", "  private final int v;", "  private final int v;\n  static final long SEC = 1000L;\n  static final long DAY = SEC * 86400L;",
			staticSeers, ""},
		{"near-miss: an added annotated field", "  private final int v;", "  private final int v;\n  @Inject private Object dep;",
			nil, "annotated field"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := selectWithRecord(t, boxFiles, box, tc.old, tc.new, boxRun())
			got := unitsBySource(res)
			if tc.want != nil {
				tc.want = slices.Sorted(slices.Values(tc.want))
			}
			if tc.want != nil && !slices.Equal(got, tc.want) {
				t.Errorf("units = %v, want %v", got, tc.want)
			}
			if tc.why != "" && res.Totals.FromCoverage > 0 {
				t.Errorf("units = %v, want all from the graph", got)
			}
			checkStaticReason(t, res, tc.why)
			for _, u := range res.Units {
				if u.Source == SourceCoverage && !strings.Contains(strings.Join(u.Via, " "), "f.Box#") {
					t.Errorf("unit %s via %v does not name the change", u.ID, u.Via)
				}
			}
		})
	}
}

// TestHybridAddedConstantReadDuringClassInitialization: an added constant computed into
// another added constant is javac's business (TestHybridAddedAndDeletedFields); read by a
// static field that class initialization computes, its value outlives the test that
// initialized the class: the graph.
func TestHybridAddedConstantReadDuringClassInitialization(t *testing.T) {
	res := selectWithRecord(t, boxFiles, "src/main/java/f/Box.java", "  private final int v;", "  private final int v;\n  static final long SEC = 1000L;\n  static long day = SEC * 86400L;", boxRun())
	if !slices.ContainsFunc(res.Coverage.Static, func(s StaticChange) bool {
		return s.ID == "f.Box#SEC" && strings.Contains(s.Reason, "named during class initialization")
	}) {
		t.Errorf("coverage.static = %v, want f.Box#SEC read during class initialization", res.Coverage.Static)
	}
}

// TestEnumeratesFields: which calls may read an object's fields without naming them, and
// which of those plainly go to project code (whose runs the record holds).
func TestEnumeratesFields(t *testing.T) {
	snap := memSnapshot(t, boxFiles, nil)
	for _, tc := range []struct {
		call          analysis.Call
		enum, project bool
	}{
		{analysis.Call{Name: "getDeclaredFields", Receiver: []string{"c"}}, true, false},
		{analysis.Call{Name: "writeObject", Arity: 1, Receiver: []string{"out"}}, true, false},
		{analysis.Call{Name: "usingRecursiveComparison", Receiver: []string{"()"}}, true, false},
		{analysis.Call{Name: "clone", Arity: 1, Receiver: []string{"SerializationUtils"}}, true, false},
		{analysis.Call{Name: "clone", Receiver: []string{"box"}}, false, false},
		{analysis.Call{Name: "toString", Arity: 1, Receiver: []string{"ReflectionToStringBuilder"}}, true, false},
		{analysis.Call{Name: "<init>", Arity: 1, New: "ReflectionDiffBuilder<T>"}, true, false},
		{analysis.Call{Name: "get", Arity: 1, Receiver: []string{"someField"}}, true, false},
		{analysis.Call{Name: "getDeclaredFields", Receiver: []string{"Fields"}}, true, false}, // Fields declares no such method
		{analysis.Call{Name: "count", Arity: 1, Receiver: []string{"Fields"}}, true, true},    // named for fields, but project code
		{analysis.Call{Name: "value", Receiver: []string{"b"}}, false, false},
	} {
		if got := enumeratesFields(tc.call); got != tc.enum {
			t.Errorf("enumeratesFields(%+v) = %v, want %v", tc.call, got, tc.enum)
		}
		if got := projectCall(typesBySimpleName(snap), tc.call); got != tc.project {
			t.Errorf("projectCall(%+v) = %v, want %v", tc.call, got, tc.project)
		}
	}
}

// TestHybridFieldOfAClassNoConstantHolds: every Tag a test uses came from a constructor it
// ran (tagged) or from a mock (mocked); a field added to Tag selects those, not the tests
// enumerating fields of Box's constant (reflects, reflectsHere), which a field added to Box
// selects (TestHybridAddedAndDeletedFields).
func TestHybridFieldOfAClassNoConstantHolds(t *testing.T) {
	checkBoxEdit(t, "src/main/java/f/Tag.java", "public class Tag {", "public class Tag {\n  private final Object lock = new Object();",
		"f.BoxTest#mocked:29 coverage", "f.BoxTest#reflectsTag:32 coverage", "f.BoxTest#tagged:25 coverage")
}

// TestHybridFieldOfAClassWithoutConstructors: Shelf's initialization makes a Pad, which
// padShelved enumerates; the record credits the Pad's implicit constructor to the test that
// initialized Shelf (reflectsShelved), and only the graph, through Shelf.PAD's initializer,
// links padShelved to the constructor Pad never declares. (reflectsHere looks up members
// by reflection, which the graph reads as reaching every member of BoxTest, padShelved's
// too.)
func TestHybridFieldOfAClassWithoutConstructors(t *testing.T) {
	checkBoxEdit(t, "src/main/java/f/Pad.java", "  int x;", "  int x;\n  private final Object lock = new Object();",
		"f.BoxTest#mocked:29 coverage", "f.BoxTest#padShelved:39 coverage", "f.BoxTest#reflectsHere:16 coverage", "f.BoxTest#reflectsShelved:36 coverage")
}

// TestHybridObjectMethodOfAClassWhoseObjectsOutliveTests: Box's constant EMPTY is made
// during class initialization, so library code may call an added toString on it in any
// statement of any test that can get hold of a Box: those tests are selected whole.
// printsShelved gets EMPTY from Shelf.first() and prints it a statement later, where no
// constructor of Box ran (missed by the constructors' statements alone); counts, tagged,
// reflectsTag and padShelved never reach a Box.
func TestHybridObjectMethodOfAClassWhoseObjectsOutliveTests(t *testing.T) {
	checkBoxEdit(t, "src/main/java/f/Box.java", "  public int value()", "  public String toString() { return \"box\"; }\n  public int value()",
		"f.BoxTest#empty:10 coverage", "f.BoxTest#mocked:29 coverage", "f.BoxTest#printsShelved:43 coverage",
		"f.BoxTest#reflects:13 coverage", "f.BoxTest#reflectsHere:16 coverage", "f.BoxTest#reflectsShelved:36 coverage",
		"f.BoxTest#serialized:54 coverage", "f.BoxTest#sized:19 coverage", "f.BoxTest#value:7 coverage",
		"f.BoxTest#isBox:46 coverage", "f.BoxTest#literalFields:49 coverage")
}

// TestHybridObjectMethodOfAClassNoConstantHolds: Tag's objects come from its constructor
// (tagged) or from a mock (mocked, which runs no constructor); an added toString selects
// both, and nothing else.
func TestHybridObjectMethodOfAClassNoConstantHolds(t *testing.T) {
	checkBoxEdit(t, "src/main/java/f/Tag.java", "public class Tag {", "public class Tag {\n  public String toString() { return \"tag\"; }",
		"f.BoxTest#mocked:29 coverage", "f.BoxTest#reflectsTag:32 coverage", "f.BoxTest#tagged:25 coverage")
}

// checkBoxEdit selects for the edit old → new in file of boxFiles with boxRun's record and
// checks the units ("id source", any order) and that every change was judged by the record.
func checkBoxEdit(t *testing.T, file, old, new string, want ...string) {
	t.Helper()
	res := selectWithRecord(t, boxFiles, file, old, new, boxRun())
	got := unitsBySource(res)
	want = slices.Sorted(slices.Values(want))
	if !slices.Equal(got, want) {
		t.Errorf("units = %v, want %v", got, want)
	}
	checkStaticReason(t, res, "")
}

// unitsBySource lists the selected units as "id source", sorted.
func unitsBySource(res *Result) []string {
	got := []string{}
	for _, u := range res.Units {
		got = append(got, u.ID+" "+u.Source)
	}
	slices.Sort(got)
	return got
}
