package selection

import (
	"slices"
	"testing"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection/coverage"
	"github.com/assertlens/assertlens/slicing"
)

func TestNestedOnlyChange(t *testing.T) {
	const path = "src/main/java/p/Conv.java"
	src := `package p;
import java.util.*;
import java.util.function.*;
public class Conv {
  static final Map<Class<?>, Function<String, ?>> MAP = new HashMap<>();
  static void fill(Map<Class<?>, Function<String, ?>> map) {
    map.put(Character.class, s -> {
      return s.charAt(0);
    });
    map.put(Integer.class, s -> Integer.parseInt(s.trim()));
    map.put(Long.class, Long::parseLong);
  }
  static final Comparator<String> ORDER = new Comparator<String>() {
    final int base = 1;
    @Override
    public int compare(String a, String b) throws ClassCastException {
      return a.length() - b.length();
    }
  };
  static int kind(int k) {
    return switch (k) {
      case 1, 2 -> 10;
      default -> 20;
    };
  }
}
`
	files := map[string]string{path: src}
	cases := []struct {
		name, member, old, new string
		want                   bool
	}{
		{"inside a block lambda", "p.Conv#fill(Map)", "return s.charAt(0);", "return s.charAt(1);", true},
		{"inside an expression lambda passed as an argument", "p.Conv#fill(Map)", "Integer.parseInt(s.trim())", "Integer.parseInt(s)", true},
		{"outside every lambda", "p.Conv#fill(Map)", "map.put(Integer.class", "map.putIfAbsent(Integer.class", false},
		{"a method reference is no lambda body", "p.Conv#fill(Map)", "Long::parseLong", "Long::valueOf", false},
		{"a lambda's parameters are outside its body", "p.Conv#fill(Map)", "s -> Integer", "t -> Integer", false},
		{"inside a method of an anonymous class", "p.Conv#ORDER", "return a.length() - b.length();", "return b.length() - a.length();", true},
		{"a method added to an anonymous class changes dispatch", "p.Conv#ORDER", "    @Override\n    public int compare", "    public boolean equals(Object o) { return false; }\n    @Override\n    public int compare", false},
		{"an anonymous class's field initializer runs at creation", "p.Conv#ORDER", "final int base = 1;", "final int base = 2;", false},
		{"a method's declaration is outside its body", "p.Conv#ORDER", "throws ClassCastException", "throws IllegalStateException", false},
		{"a switch rule's body runs in place", "p.Conv#kind(int)", "case 1, 2 -> 10;", "case 1, 2 -> 11;", false},
		{"a default switch rule too", "p.Conv#kind(int)", "default -> 20;", "default -> 21;", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			base := memSnapshot(t, files, nil)
			cur := memSnapshot(t, files, map[string][2]string{path: {tc.old, tc.new}})
			if got := nestedOnlyChange(base, cur, tc.member); got != tc.want {
				t.Errorf("nestedOnlyChange = %v, want %v", got, tc.want)
			}
		})
	}
}

var opsFiles = map[string]string{
	"src/main/java/c/Ops.java": `package c;
import java.util.function.IntUnaryOperator;
public class Ops {
  static final IntUnaryOperator TWICE = make();
  static IntUnaryOperator make() {
    return x -> x * 2;
  }
  public static int apply(int x) { return TWICE.applyAsInt(x); }
}
`,
	"src/test/java/c/OpsTest.java": `package c;
import org.junit.Test;
import static org.junit.Assert.*;
public class OpsTest {
  @Test public void applies() {
    assertEquals(4, Ops.apply(2));
  }
  @Test public void exists() {
    assertNotNull(Ops.TWICE);
  }
}
`,
}

// TestHybridLambdaBodies: make() runs in Ops's class initialization, so an edit of it is
// left to the graph (its result lives on in TWICE). An edit inside the lambda it returns is
// different: class initialization only made the function, which runs where a test calls
// it. Unless the record saw the lambda body itself run during class initialization.
func TestHybridLambdaBodies(t *testing.T) {
	lambdaEdit := map[string][2]string{"src/main/java/c/Ops.java": {"x -> x * 2", "x -> x * 3"}}
	cases := []struct {
		name           string
		edits          map[string][2]string
		lambdaInClinit bool
		want           []string
	}{
		{"an edit inside the lambda: where the lambda ran", lambdaEdit, false, []string{"c.OpsTest#applies:6 coverage"}},
		{"the lambda ran during class initialization: the graph", lambdaEdit, true, []string{"c.OpsTest#applies:6 static", "c.OpsTest#exists:9 static"}},
		{"an edit of make itself: the graph", map[string][2]string{"src/main/java/c/Ops.java": {"return x ->", "return (x) ->"}}, false,
			[]string{"c.OpsTest#applies:6 static", "c.OpsTest#exists:9 static"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			base, cur := memSnapshot(t, opsFiles, nil), memSnapshot(t, opsFiles, tc.edits)
			run := coverage.Run{
				Members: []coverage.JVMMember{
					{Class: "c.Ops", Method: "<clinit>", Desc: "()V"},
					{Class: "c.Ops", Method: "make", Desc: "()Ljava/util/function/IntUnaryOperator;"},
					{Class: "c.Ops", Method: "lambda$make$0", Desc: "(I)I", FirstLine: 6, LastLine: 6, Synthetic: true},
					{Class: "c.Ops", Method: "apply", Desc: "(I)I"},
				},
				Hits: []coverage.JVMHit{
					{Member: 0, TestClass: "c.OpsTest", TestMethod: "applies", Line: 6},
					{Member: 1, TestClass: "c.OpsTest", TestMethod: "applies", Line: 6},
					{Member: 2, TestClass: "c.OpsTest", TestMethod: "applies", Line: 6},
					{Member: 3, TestClass: "c.OpsTest", TestMethod: "applies", Line: 6},
				},
				ClassInit: []int{0, 1},
				Tests:     []coverage.TestOutcome{{Test: "c.OpsTest#applies", Status: "passed"}, {Test: "c.OpsTest#exists", Status: "passed"}},
			}
			if tc.lambdaInClinit {
				run.ClassInit = append(run.ClassInit, 2)
			}
			d, err := slicing.DiscoverAll(cur, cur.Read, slicing.Options{})
			if err != nil {
				t.Fatal(err)
			}
			in := Input{Base: base, Cur: cur, BaseGraph: analysis.BuildGraph(base), CurGraph: analysis.BuildGraph(cur),
				Tests: d.Classes, Level: slicing.LevelAssertion, Coverage: coverage.Build(base, run)}
			got := []string{}
			for _, u := range Select(in).Units {
				got = append(got, u.ID+" "+u.Source)
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("units = %v, want %v", got, tc.want)
			}
		})
	}
}
