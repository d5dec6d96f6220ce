package coverage

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/assertlens/assertlens/analysis"
)

const widgetSrc = `package p;
import java.util.*;
public class Widget<T extends Number> {
  static int COUNT = 1;
  static { COUNT = 2; }
  private final List<Runnable> jobs = new ArrayList<>();
  Widget(List<String> names, int... sizes) {}
  Widget() { this(null); }
  <U> void put(T t, U u, Map.Entry<String, Integer> e, int[][] grid) {}
  void put(String s) {}
  Runnable job() {
    return new Runnable() {
      public void run() {
        COUNT++;
      }
    };
  }
  Comparator<String> order() {
    return (a, b) -> {
      return a.length() - b.length();
    };
  }
  enum Kind { ONE { int f() { return 1; } }, TWO; int f() { return 0; } }
  class Inner { Inner(int x) {} }
  <E> void check(E[] xs, int i) {}
  <C extends CharSequence> void check(C chars, int i) {}
  static class Pair<L, R> { Pair() {} Pair(L l, R r) {} }
  static boolean[] fill(boolean[] a, boolean v) { return a; }
  static int[] fill(int[] a, int v) { return a; }
  static <X> X[] fill(X[] a, X v) { return a; }
  static <X> X[] fill(X[] a, java.util.function.IntFunction<X> f) { return a; }
}
`

// dollarSrc names its types with '$' as gson does: the binary name p.$Gson$Types$$Inner is
// the type p.$Gson$Types.$Inner, not p..Gson.Types..Inner.
const dollarSrc = `package p;
public final class $Gson$Types {
  static int resolve(Object a, Class<?> b, Object c) { return 0; }
  static final class $Inner {
    void go() {
      new Runnable() { public void run() {} };
    }
  }
}
`

// widgetAndDollarSnapshot holds Widget, $Gson$Types and a test class named with '$'.
func widgetAndDollarSnapshot(t *testing.T) *analysis.Snapshot {
	t.Helper()
	s, err := analysis.Build(context.Background(), "/w", analysis.MemorySource{Name: "w",
		Files: map[string][]byte{"src/main/java/p/Widget.java": []byte(widgetSrc), "src/main/java/p/$Gson$Types.java": []byte(dollarSrc),
			"src/test/java/p/$DollarTest.java": []byte("package p;\npublic class $DollarTest {\n  @org.junit.Test public void a() {}\n}\n")}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func widgetSnapshot(t *testing.T) *analysis.Snapshot {
	t.Helper()
	s, err := analysis.Build(context.Background(), "/w", analysis.MemorySource{Name: "w",
		Files: map[string][]byte{"src/main/java/p/Widget.java": []byte(widgetSrc)}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestBuildMapsBytecodeToSourceMembers(t *testing.T) {
	snap := widgetAndDollarSnapshot(t)
	cases := []struct {
		name string
		jm   JVMMember
		want []string
	}{
		{"method with generic and nested parameter types", JVMMember{Class: "p.Widget", Method: "put",
			Desc: "(Ljava/lang/Number;Ljava/lang/Object;Ljava/util/Map$Entry;[[I)V"}, []string{"p.Widget#put(T,U,Entry,int[][])"}},
		{"overload by erased type", JVMMember{Class: "p.Widget", Method: "put", Desc: "(Ljava/lang/String;)V"}, []string{"p.Widget#put(String)"}},
		{"varargs constructor", JVMMember{Class: "p.Widget", Method: "<init>", Desc: "(Ljava/util/List;[I)V"}, []string{"p.Widget#<init>(List,int[])"}},
		{"no-arg constructor", JVMMember{Class: "p.Widget", Method: "<init>", Desc: "()V"}, []string{"p.Widget#<init>()"}},
		{"static initializer", JVMMember{Class: "p.Widget", Method: "<clinit>", Desc: "()V"}, []string{"p.Widget#<clinit>"}},
		{"inner class constructor has the outer instance first", JVMMember{Class: "p.Widget$Inner", Method: "<init>", Desc: "(Lp/Widget;I)V"}, []string{"p.Widget.Inner#<init>(int)"}},
		{"anonymous class method belongs to the method creating it", JVMMember{Class: "p.Widget$1", Method: "run", Desc: "()V", FirstLine: 14, LastLine: 15, Enclosing: "p.Widget#job()Ljava/lang/Runnable;"}, []string{"p.Widget#job()"}},
		{"anonymous class without lines uses Enclosing", JVMMember{Class: "p.Widget$1", Method: "run", Desc: "()V", Enclosing: "p.Widget#job()Ljava/lang/Runnable;"}, []string{"p.Widget#job()"}},
		{"lambda body by line", JVMMember{Class: "p.Widget", Method: "lambda$order$0", Desc: "(Ljava/lang/String;Ljava/lang/String;)I", FirstLine: 20, LastLine: 20, Synthetic: true}, []string{"p.Widget#order()"}},
		{"lambda body by name", JVMMember{Class: "p.Widget", Method: "lambda$order$0", Desc: "(Ljava/lang/String;Ljava/lang/String;)I", Synthetic: true}, []string{"p.Widget#order()"}},
		{"enum constant body belongs to the constant", JVMMember{Class: "p.Widget$Kind$1", Method: "f", Desc: "()I", FirstLine: 23, Enclosing: "p.Widget$Kind#"}, []string{"p.Widget.Kind#ONE"}},
		{"an enum switch's table (a synthetic class's initializer) is no member's work", JVMMember{Class: "p.Widget$1", Method: "<clinit>", Desc: "()V", FirstLine: 20, LastLine: 30, Synthetic: true}, nil},
		{"bridge methods are dropped", JVMMember{Class: "p.Widget", Method: "compare", Desc: "(Ljava/lang/Object;Ljava/lang/Object;)I", Synthetic: true}, nil},
		{"a type variable array is an array", JVMMember{Class: "p.Widget", Method: "check", Desc: "([Ljava/lang/Object;I)V"}, []string{"p.Widget#check(E[],int)"}},
		{"a type variable is never an array", JVMMember{Class: "p.Widget", Method: "check", Desc: "(Ljava/lang/CharSequence;I)V"}, []string{"p.Widget#check(C,int)"}},
		{"at equal fit, fewer parameters added by javac", JVMMember{Class: "p.Widget$Pair", Method: "<init>", Desc: "(Ljava/lang/Object;Ljava/lang/Object;)V"}, []string{"p.Widget.Pair#<init>(L,R)"}},
		{"a '$' in a source name is part of the name", JVMMember{Class: "p.$Gson$Types", Method: "resolve", Desc: "(Ljava/lang/Object;Ljava/lang/Class;Ljava/lang/Object;)I"}, []string{"p.$Gson$Types#resolve(Object,Class,Object)"}},
		{"a '$' name nested in a '$' name", JVMMember{Class: "p.$Gson$Types$$Inner", Method: "go", Desc: "()V"}, []string{"p.$Gson$Types.$Inner#go()"}},
		{"an anonymous class in a '$' name", JVMMember{Class: "p.$Gson$Types$$Inner$1", Method: "run", Desc: "()V", Enclosing: "p.$Gson$Types$$Inner#go()V"}, []string{"p.$Gson$Types.$Inner#go()"}},
		{"an erased type variable is never a primitive", JVMMember{Class: "p.Widget", Method: "fill", Desc: "([Ljava/lang/Object;Ljava/lang/Object;)[Ljava/lang/Object;"}, []string{"p.Widget#fill(X[],X)"}},
		{"a primitive overload", JVMMember{Class: "p.Widget", Method: "fill", Desc: "([ZZ)[Z"}, []string{"p.Widget#fill(boolean[],boolean)"}},
		{"a named parameter type beats a type variable", JVMMember{Class: "p.Widget", Method: "fill", Desc: "([Ljava/lang/Object;Ljava/util/function/IntFunction;)[Ljava/lang/Object;"}, []string{"p.Widget#fill(X[],IntFunction)"}},
		{"default constructor has no source member", JVMMember{Class: "p.Widget$Kind", Method: "<init>", Desc: "(Ljava/lang/String;I)V"}, []string{"p.Widget.Kind#<init>(String,int)"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			st := Build(snap, Run{Members: []JVMMember{tc.jm}, Hits: []JVMHit{{Member: 0, TestClass: "p.WidgetTest", TestMethod: "a", Line: 7}}})
			var got []string
			for _, m := range st.Members {
				got = append(got, m.ID)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("mapped to %v, want %v", got, tc.want)
			}
		})
	}
	st := Build(snap, Run{Members: []JVMMember{{Class: "p.Widget", Method: "put", Desc: "(Ljava/lang/String;)V"}},
		Hits:  []JVMHit{{Member: 0, TestClass: "p.$DollarTest", TestMethod: "a", Line: 3}},
		Tests: []TestOutcome{{Test: "p.$DollarTest#a", Status: "passed"}}})
	if got := st.Sites[0].Test; got != "p.$DollarTest#a" {
		t.Errorf("site of a '$' test class = %q", got)
	}
	if got := st.Tests[0].Test; got != "p.$DollarTest#a" {
		t.Errorf("outcome of a '$' test class = %q", got)
	}
}

func TestBuildGroupsSitesPerMember(t *testing.T) {
	snap := widgetSnapshot(t)
	run := Run{
		Members: []JVMMember{
			{Class: "p.Widget", Method: "put", Desc: "(Ljava/lang/String;)V"},
			{Class: "p.Widget", Method: "<clinit>", Desc: "()V"},
		},
		Hits: []JVMHit{
			{Member: 0, TestClass: "p.WidgetTest", TestMethod: "a", Line: 7},
			{Member: 0, TestClass: "p.WidgetTest$Nested", TestMethod: "b", Line: 0},
			{Member: 1, TestClass: "p.WidgetTest", TestMethod: "", Line: 0},
			{Member: 0, TestClass: "p.WidgetTest", TestMethod: "a", Line: 7, OtherThread: true},
			{Member: 0, TestClass: "p.WidgetTest", TestMethod: "a", Line: AfterBody},
			{Member: 0, TestClass: "p.WidgetTest", TestMethod: "a", Line: AfterBody, OtherThread: true}, // work the body started: fixture
		},
		Unattributed: []int{1},
		Tests:        []TestOutcome{{Test: "p.WidgetTest#a", Status: "passed"}, {Test: "p.WidgetTest.Nested#b", Status: "failed"}},
	}
	st := Build(snap, run)
	want := []Site{{Test: "p.WidgetTest#a", Line: 7}, {Test: "p.WidgetTest.Nested#b"}, {Test: "p.WidgetTest#a", Line: 7, OtherThread: true},
		{Test: "p.WidgetTest#a", Line: AfterBody}, {Test: "p.WidgetTest#a", OtherThread: true}}
	if got := st.Hits("p.Widget#put(String)"); !slices.Equal(got, want) {
		t.Errorf("put hits = %v, want %v", got, want)
	}
	if got := st.Hits("p.Widget#<clinit>"); !slices.Equal(got, []Site{{Test: "p.WidgetTest"}}) {
		t.Errorf("clinit hits = %v", got)
	}
	if st.Member("p.Widget#put(String)") == nil || !st.Member("p.Widget#put(String)").Source {
		t.Error("put should be a source member")
	}
	if st.Summary.Members != 2 || st.Summary.Hits != 6 || st.Summary.Tests != 2 || st.Summary.Passed != 1 || st.Summary.Failed != 1 {
		t.Errorf("summary = %+v", st.Summary)
	}
	if !slices.Equal(st.Unattributed, []string{"p.Widget#<clinit>"}) {
		t.Errorf("unattributed = %v", st.Unattributed)
	}
	if stale := st.Fresh(map[string]uint64{"src/main/java/p/Widget.java": snap.Files["src/main/java/p/Widget.java"].ContentHash}); len(stale) != 0 {
		t.Errorf("record of the same sources is stale: %v", stale)
	}
	if stale := st.Fresh(map[string]uint64{"src/main/java/p/Widget.java": 1, "src/main/java/p/New.java": 2}); !slices.Equal(stale, []string{"src/main/java/p/New.java", "src/main/java/p/Widget.java"}) {
		t.Errorf("stale = %v", stale)
	}
}

func TestSaveLoadRoundTripAndDamage(t *testing.T) {
	snap := widgetSnapshot(t)
	st := Build(snap, Run{Members: []JVMMember{{Class: "p.Widget", Method: "put", Desc: "(Ljava/lang/String;)V"}},
		Hits: []JVMHit{{Member: 0, TestClass: "p.WidgetTest", TestMethod: "a", Line: 7}}})
	path := filepath.Join(t.TempDir(), FileName)
	if _, err := Load(path); err != ErrNoRecord {
		t.Fatalf("Load of a missing store = %v, want ErrNoRecord", err)
	}
	if err := Save(path, st); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Hits("p.Widget#put(String)"), st.Hits("p.Widget#put(String)")) || !reflect.DeepEqual(got.Summary, st.Summary) {
		t.Fatalf("round trip lost data: %+v", got)
	}
	full, _ := os.ReadFile(path)
	damage := map[string][]byte{
		"truncated mid-body": full[:len(full)-3],
		"truncated header":   full[:len(magic)+5],
		"flipped byte":       append(append([]byte{}, full[:len(full)-1]...), full[len(full)-1]^0xff),
		"other version":      append([]byte("assertlens-coverage-v0\n"), full[len(magic):]...),
		"empty":              {},
	}
	for name, b := range damage {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if s, err := Load(path); err == nil {
			t.Errorf("%s: loaded %+v, want an error", name, s.Summary)
		}
	}
}

// TestBuildMarksNestedClassInit: a lambda body or an anonymous class's method that ran
// during class initialization is told apart from the declaring member's own run there
// (creating the anonymous object runs its constructor, which is not nested code).
func TestBuildMarksNestedClassInit(t *testing.T) {
	snap := widgetSnapshot(t)
	run := Run{
		Members: []JVMMember{
			{Class: "p.Widget$1", Method: "<init>", Desc: "(Lp/Widget;)V", FirstLine: 13, Enclosing: "p.Widget#job()Ljava/lang/Runnable;"},
			{Class: "p.Widget$1", Method: "run", Desc: "()V", FirstLine: 14, Enclosing: "p.Widget#job()Ljava/lang/Runnable;"},
			{Class: "p.Widget", Method: "lambda$order$0", Desc: "(Ljava/lang/String;Ljava/lang/String;)I", FirstLine: 20, Synthetic: true},
			{Class: "p.Widget", Method: "order", Desc: "()Ljava/util/Comparator;"},
		},
		Hits: []JVMHit{{Member: 0, TestClass: "p.WidgetTest", TestMethod: "a", Line: 7}, {Member: 1, TestClass: "p.WidgetTest", TestMethod: "a", Line: 7},
			{Member: 2, TestClass: "p.WidgetTest", TestMethod: "a", Line: 7}, {Member: 3, TestClass: "p.WidgetTest", TestMethod: "a", Line: 7}},
	}
	cases := []struct {
		name      string
		classInit []int
		member    string
		want      bool
	}{
		{"anonymous object created in class init", []int{0}, "p.Widget#job()", false},
		{"anonymous class method ran in class init", []int{0, 1}, "p.Widget#job()", true},
		{"the declaring method ran in class init", []int{3}, "p.Widget#order()", false},
		{"the lambda body ran in class init", []int{3, 2}, "p.Widget#order()", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := run
			r.ClassInit = tc.classInit
			m := Build(snap, r).Member(tc.member)
			if m == nil || !m.ClassInit || m.NestedClassInit != tc.want {
				t.Fatalf("member %s = %+v, want class init with nested %v", tc.member, m, tc.want)
			}
		})
	}
}

// TestBuildClassLevelWorkOfClassesWithoutTests: work credited to a class as a whole (its
// setup, or building its instance outside any test, as JUnit 3 does while it discovers
// tests) speaks for that class's tests; credited to a class with no test in the run (a
// helper built outside any test), it speaks for no test and must count as unattributed, or
// an edit of what it ran would select nothing.
func TestBuildClassLevelWorkOfClassesWithoutTests(t *testing.T) {
	snap := widgetSnapshot(t)
	run := Run{
		Members: []JVMMember{
			{Class: "p.Widget", Method: "put", Desc: "(Ljava/lang/String;)V"},
			{Class: "p.Widget", Method: "<init>", Desc: "()V"},
		},
		Hits: []JVMHit{
			{Member: 0, TestClass: "p.WidgetTest", TestMethod: ""},
			{Member: 1, TestClass: "p.WidgetFixtures", TestMethod: ""},
			{Member: 1, TestClass: "p.WidgetTest", TestMethod: "a", Line: 4},
		},
		Tests: []TestOutcome{{Test: "p.WidgetTest#a", Status: "passed"}},
	}
	st := Build(snap, run)
	if got := st.Hits("p.Widget#put(String)"); !slices.Equal(got, []Site{{Test: "p.WidgetTest"}}) {
		t.Errorf("class-level work of a test class: hits %v", got)
	}
	if got := st.Hits("p.Widget#<init>()"); !slices.Equal(got, []Site{{Test: "p.WidgetTest#a", Line: 4}}) {
		t.Errorf("<init> hits = %v, want only the test's statement", got)
	}
	if !slices.Equal(st.Unattributed, []string{"p.Widget#<init>()"}) {
		t.Errorf("unattributed = %v, want the work of the class without tests", st.Unattributed)
	}
}

// TestBuildKeepsWhichClassInitializationRanAMember: the agent pairs a member with the
// static initializer running innermost; the store keeps the initializer's type (nested
// types by their source name), once per type, and merging records unites them.
func TestBuildKeepsWhichClassInitializationRanAMember(t *testing.T) {
	snap := widgetSnapshot(t)
	run := Run{
		Members: []JVMMember{
			{Class: "p.Widget", Method: "<clinit>", Desc: "()V"},
			{Class: "p.Widget", Method: "put", Desc: "(Ljava/lang/String;)V"},
			{Class: "p.Widget$Pair", Method: "<clinit>", Desc: "()V"},
		},
		Hits:      []JVMHit{{Member: 1, TestClass: "p.WidgetTest", TestMethod: "a", Line: 7}},
		ClassInit: []int{0, 1},
		InitIn:    [][2]int{{1, 0}, {1, 2}, {1, 0}},
	}
	st := Build(snap, run)
	m := st.Member("p.Widget#put(String)")
	if m == nil || !m.ClassInit || !slices.Equal(m.InitOf, []string{"p.Widget", "p.Widget.Pair"}) {
		t.Fatalf("put = %+v, want class init of p.Widget and p.Widget.Pair", m)
	}
	other := Build(snap, Run{Members: run.Members, ClassInit: []int{1}, InitIn: [][2]int{{1, 0}},
		Hits: []JVMHit{{Member: 1, TestClass: "p.OtherTest", TestMethod: "b", Line: 3}}})
	st.Tests = append(st.Tests, TestOutcome{Test: "p.WidgetTest#a", Status: "passed"})
	other.Tests = append(other.Tests, TestOutcome{Test: "p.OtherTest#b", Status: "passed"})
	merged := Merge(other, st)
	if m := merged.Member("p.Widget#put(String)"); m == nil || !slices.Equal(m.InitOf, []string{"p.Widget", "p.Widget.Pair"}) {
		t.Fatalf("merged put = %+v", m)
	}
}
