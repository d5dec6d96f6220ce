package slicing

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis"
)

// mutation rewrites one member body; it returns "" when it does not apply.
type mutation struct {
	name  string
	apply func(src string, m *analysis.Member) string
}

// insertAtBody puts text right after the opening brace of a block body.
func insertAtBody(text string) func(string, *analysis.Member) string {
	return func(src string, m *analysis.Member) string {
		if m.BodyEnd <= m.BodyStart || m.BodyStart >= len(src) || src[m.BodyStart] != '{' {
			return ""
		}
		return src[:m.BodyStart+1] + text + src[m.BodyStart+1:]
	}
}

var mutations = []mutation{
	// Changes no effect: slices must stay, and the update should be incremental.
	{"neutral", insertAtBody(" int unusedLocal = 1; ")},
	// Makes any body write global state: every proof that relied on it must fall.
	{"writes", insertAtBody(" System.out.println(\"x\"); ")},
	// Writes an instance field of the body's own class.
	{"assigns", insertAtBody(" this.touched = 1; ")},
	// Effect summaries: writes to an array the body creates change nothing; a list the
	// body creates that keeps this links nothing outside; a static field of a JDK class
	// read changes nothing either.
	{"local-array", insertAtBody(" int[] scratch = new int[2]; scratch[0] = 1; ")},
	{"local-list", insertAtBody(" java.util.List<Object> kept = new java.util.ArrayList<>(); kept.add(kept); ")},
	// Hands an object the body can reach to unknown code: every summary that relied on the
	// body must widen.
	{"leaks", insertAtBody(" java.util.Objects.requireNonNull(System.getProperties()).put(\"k\", new Object()); ")},
	// A static field initializer that starts writing shared state: class initialization
	// proofs must be checked again.
	{"static-init-writes", func(src string, m *analysis.Member) string {
		if m.Kind != analysis.KindField || !m.Static() || m.BodyEnd <= m.BodyStart || m.BodyEnd > len(src) {
			return ""
		}
		init := src[m.BodyStart:m.BodyEnd]
		return src[:m.BodyStart] + "(System.getProperties().put(\"k\", \"v\") == null ? " + init + " : " + init + ")" + src[m.BodyEnd:]
	}},
	// A new assertion in a test or helper body.
	{"asserts", insertAtBody(" org.junit.Assert.assertTrue(true); ")},
	// An anonymous subclass, which widens dispatch proofs.
	{"anonymous", insertAtBody(" Object o = new Object() { }; ")},
	// Replacing the standard output, which makes printing run project code anywhere.
	{"redirects-output", insertAtBody(" System.setOut(System.out); ")},
	// Declarations: a method or field added next to the member, a parameter added, the
	// member renamed (its callers no longer find it).
	{"adds-method", insertBefore("public int addedByTest(int a) { return a; }\n    ")},
	{"adds-test", insertBefore("@Test\n    public void addedTest() { org.junit.Assert.assertTrue(true); }\n    ")},
	{"adds-annotation", insertBefore("@Test ")},
	{"adds-field", insertBefore("private int addedField = 1;\n    ")},
	{"adds-parameter", func(src string, m *analysis.Member) string {
		if m.Kind != analysis.KindMethod && m.Kind != analysis.KindConstructor {
			return ""
		}
		i := strings.Index(src[m.Start:], "(")
		if i < 0 || m.Start+i >= m.BodyStart {
			return ""
		}
		at := m.Start + i + 1
		extra := "int extraParam, "
		if src[at] == ')' {
			extra = "int extraParam"
		}
		return src[:at] + extra + src[at:]
	}},
	{"renames", func(src string, m *analysis.Member) string {
		if m.Kind != analysis.KindMethod {
			return ""
		}
		i := strings.Index(src[m.Start:], " "+m.Name+"(")
		if i < 0 || m.Start+i >= m.BodyStart {
			return ""
		}
		at := m.Start + i + 1 + len(m.Name)
		return src[:at] + "Renamed" + src[at:]
	}},
}

// insertBefore puts text right before a member's declaration.
func insertBefore(text string) func(string, *analysis.Member) string {
	return func(src string, m *analysis.Member) string {
		if m.Start <= 0 || m.Start >= len(src) || m.Kind == analysis.KindInitializer {
			return ""
		}
		return src[:m.Start] + text + src[m.Start:]
	}
}

// TestUpdateMatchesFullDiscovery edits every member body of every slicing fixture in
// several ways and checks that Discovery.Update gives exactly what a full discovery of the
// edited snapshot gives, and that typical edits stay incremental.
func TestUpdateMatchesFullDiscovery(t *testing.T) {
	for _, name := range append([]string{"libs", "broken"}, renderedFixtures...) {
		t.Run(name, func(t *testing.T) {
			s := fixture(t, name)
			d, err := DiscoverAll(s, s.Read, Options{})
			if err != nil {
				t.Fatal(err)
			}
			incremental, total := 0, 0
			byMutation := map[string]int{}
			for _, rel := range s.SortedPaths() {
				f := s.Files[rel]
				src, err := s.Read(rel)
				if err != nil {
					t.Fatal(err)
				}
				for _, ty := range f.Types {
					for _, m := range ty.Members {
						for _, mu := range mutations {
							edited := mu.apply(string(src), m)
							if edited == "" {
								continue
							}
							total++
							label := fmt.Sprintf("%s %s in %s", mu.name, m.ID, rel)
							s2 := s.WithFile(rel, []byte(edited))
							if compareUpdate(t, label, d, s2, rel) {
								incremental++
								byMutation[mu.name]++
							}
						}
					}
				}
			}
			t.Logf("%d edits, %d updated incrementally %v", total, incremental, byMutation)
			if total == 0 || incremental == 0 {
				t.Fatalf("%d edits, %d incremental: the incremental path was not exercised", total, incremental)
			}
		})
	}
}

// TestUpdateChainsEdits applies edits one after another, each on the previous update, and
// compares with full discovery at every step.
func TestUpdateChainsEdits(t *testing.T) {
	s := fixture(t, "rules")
	d, err := DiscoverAll(s, s.Read, Options{})
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	for _, rel := range s.SortedPaths() {
		src, _ := d.Snapshot().Read(rel)
		f := d.Snapshot().Files[rel]
		if len(f.Types) == 0 || len(f.Types[0].Members) == 0 {
			continue
		}
		m := f.Types[0].Members[len(f.Types[0].Members)-1]
		mu := mutations[steps%len(mutations)]
		edited := mu.apply(string(src), m)
		if edited == "" {
			continue
		}
		steps++
		s2 := d.Snapshot().WithFile(rel, []byte(edited))
		compareUpdate(t, fmt.Sprintf("step %d: %s %s", steps, mu.name, m.ID), d, s2, rel)
		nd, _, err := d.Update(s2, s2.Read, []string{rel})
		if err != nil {
			t.Fatal(err)
		}
		d = nd
	}
	if steps < 5 {
		t.Fatalf("only %d chained edits", steps)
	}
}

// TestUpdateDeclarationsOfTests covers edits to how tests are declared: an annotation
// added, a test removed, a suite listing changed, a helper that stops asserting, a file
// deleted. Each must equal a full discovery; the suite listing and the helper can only be
// settled by one.
func TestUpdateDeclarationsOfTests(t *testing.T) {
	s := fixture(t, "rules")
	d, err := DiscoverAll(s, s.Read, Options{})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		rel, old, new string
		wantFull      bool
	}{
		{"src/test/java/rules/Junit5Test.java", "@Test", "@Test @Disabled", false},
		{"src/test/java/rules/AllRulesSuite.java", "AliasTest.class,", "", true},
		{"src/test/java/rules/AliasTest.java", "@Test", "", false},
		// checkValue stops asserting, so calls to it stop being assertions.
		{"src/test/java/rules/HelperTest.java", "assertEquals(expected, c.value());", "c.value();", true},
		// A test method added to an abstract base: its concrete subclasses run it too.
		{"src/test/java/rules/AbstractContractTest.java", "    @Test", "    @Test\n    public void addedContract() {\n        org.junit.Assert.assertTrue(true);\n    }\n\n    @Test", false},
		// The first test of a JUnit 3 base class: its subclass now inherits tests.
		{"src/test/java/rules/BaseCase.java", "    protected Counter make(int v) {", "    public void testAdded() {\n        assertTrue(true);\n    }\n\n    protected Counter make(int v) {", false},
	}
	for _, c := range cases {
		src, err := s.Read(c.rel)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), c.old) {
			t.Fatalf("%s: anchor %q missing", c.rel, c.old)
		}
		s2 := s.WithFile(c.rel, []byte(strings.Replace(string(src), c.old, c.new, 1)))
		if inc := compareUpdate(t, c.rel+": "+c.old, d, s2, c.rel); inc && c.wantFull {
			t.Errorf("%s: %q → %q was updated incrementally; want a full discovery", c.rel, c.old, c.new)
		}
	}
	s3 := s.WithFile("src/test/java/rules/AliasTest.java", nil)
	compareUpdate(t, "deleted AliasTest", d, s3, "src/test/java/rules/AliasTest.java")
}

// compareUpdate checks Update against a full discovery of s2 and reports whether the update
// was incremental.
func compareUpdate(t *testing.T, label string, d *Discovery, s2 *analysis.Snapshot, rel string) bool {
	t.Helper()
	got, inc, err := d.Update(s2, s2.Read, []string{rel})
	want, werr := DiscoverAll(s2, s2.Read, Options{})
	if (err == nil) != (werr == nil) {
		t.Fatalf("%s: update error %v, full discovery error %v", label, err, werr)
	}
	if got == nil || want == nil {
		return inc
	}
	a, _ := json.MarshalIndent(want.Classes, "", " ")
	b, _ := json.MarshalIndent(got.Classes, "", " ")
	if string(a) != string(b) {
		t.Errorf("%s (incremental=%v): update differs from full discovery at %s", label, inc, firstDiff(string(a), string(b)))
	}
	return inc
}

// TestUpdateAfterConstantEdit edits an inlined constant into one javac does not inline: its
// readers in other files now initialize its class (which writes shared state), so their
// slices change although no declaration and no proof did.
func TestUpdateAfterConstantEdit(t *testing.T) {
	s := fixture(t, "proofs")
	d, err := DiscoverAll(s, s.Read, Options{})
	if err != nil {
		t.Fatal(err)
	}
	const rel = "src/main/java/proofs/Limits.java"
	src, err := s.Read(rel)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(src), "LIMIT = 10;", `LIMIT = Integer.parseInt("10");`, 1)
	if edited == string(src) {
		t.Fatal("the fixture no longer declares LIMIT = 10")
	}
	s2 := s.WithFile(rel, []byte(edited))
	compareUpdate(t, "LIMIT no longer inlined", d, s2, rel)
	want, err := DiscoverAll(s2, s2.Read, Options{})
	if err != nil {
		t.Fatal(err)
	}
	const test, method = "src/test/java/proofs/ProofsTest.java", "inlinedConstantInitializesNothing"
	read := lineOf(t, "proofs", test, method, "int limit = Limits.LIMIT")
	if got := sliceLines(t, want.Classes, "proofs.ProofsTest#"+method, lineOf(t, "proofs", test, method, "assertEquals(before, Counter.count())")); !slices.Contains(got, read) {
		t.Errorf("reading the edited LIMIT initializes Limits, whose initializer writes: the slice %v should hold line %d", got, read)
	}
}

// TestUpdateAfterDeclarationEdits covers declaration edits whose effect on slices runs
// through name lookups rather than through the edited members' own proofs: a project
// method named like a collection read makes list.size() possibly a write, and a
// redeclared method changes what dispatch finds.
func TestUpdateAfterDeclarationEdits(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"src/main/java/p/Box.java": "package p;\n\npublic class Box {\n    private int n = 1;\n\n    public int count() {\n        return n;\n    }\n}\n",
		"src/main/java/p/Bag.java": "package p;\n\npublic class Bag extends Box {\n    public int weight() {\n        return 3;\n    }\n}\n",
		"src/test/java/p/ListTest.java": `package p;

import static org.junit.Assert.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.Test;

public class ListTest {
    @Test
    public void sizes() {
        List<String> l = new ArrayList<>();
        l.add("a");
        int n = l.size();
        Box b = new Bag();
        int c = b.count();
        assertEquals(1, n);
        assertEquals(1, c);
    }
}
`,
	}
	s, d := discoverTree(t, dir, files)
	edits := []struct{ name, rel, old, new string }{
		{"a project method named size", "src/main/java/p/Box.java", "    public int count() {", "    public int size() {\n        n++;\n        return n;\n    }\n\n    public int count() {"},
		{"an override that writes", "src/main/java/p/Bag.java", "    public int weight() {", "    public int count() {\n        System.out.println(1);\n        return 1;\n    }\n\n    public int weight() {"},
		{"an unrelated method", "src/main/java/p/Bag.java", "    public int weight() {", "    public int lift() {\n        return 4;\n    }\n\n    public int weight() {"},
	}
	for _, e := range edits {
		src := files[e.rel]
		if !strings.Contains(src, e.old) {
			t.Fatalf("%s: anchor missing", e.name)
		}
		s2 := s.WithFile(e.rel, []byte(strings.Replace(src, e.old, e.new, 1)))
		inc := compareUpdate(t, e.name, d, s2, e.rel)
		t.Logf("%s: incremental=%v", e.name, inc)
	}
	// A method renamed away and back with a body that now writes: its old proof must not
	// come back with it.
	box := "src/main/java/p/Box.java"
	steps := []string{
		strings.Replace(files[box], "public int count() {", "public int countLater() {", 1),
		strings.Replace(files[box], "        return n;\n    }\n}", "        n++;\n        return n;\n    }\n}", 1),
	}
	cur := d
	for i, text := range steps {
		s2 := cur.Snapshot().WithFile(box, []byte(text))
		compareUpdate(t, fmt.Sprintf("rename step %d", i), cur, s2, box)
		next, _, err := cur.Update(s2, s2.Read, []string{box})
		if err != nil {
			t.Fatal(err)
		}
		cur = next
	}
}

// TestUpdateSignatureEditOfAProductionBase: a method declaration edit in a production type
// whose subtypes all live in main sources cannot change which methods are tests, so it
// updates incrementally (it took a full discovery, over a second on the generated
// project, per keystroke in a parameter list). The near-miss: a production base class
// that a test class extends (through a production class between them) hands its test*
// methods down, so a method renamed to testX there is a new test of the test class; that
// edit must match a full discovery.
func TestUpdateSignatureEditOfAProductionBase(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"src/main/java/p/Shape.java":  "package p;\n\npublic class Shape {\n    public int area(int x) {\n        return x;\n    }\n}\n",
		"src/main/java/p/Square.java": "package p;\n\npublic class Square extends Shape {\n    public int side() {\n        return 2;\n    }\n}\n",
		"src/main/java/p/BaseCase.java": "package p;\n\nimport junit.framework.TestCase;\n\npublic class BaseCase extends TestCase {\n" +
			"    public void helper() {\n        assertEquals(1, 1);\n    }\n}\n",
		"src/main/java/p/MidCase.java": "package p;\n\npublic class MidCase extends BaseCase {\n}\n",
		"src/test/java/p/ShapeTest.java": "package p;\n\nimport static org.junit.Assert.assertEquals;\n\nimport org.junit.Test;\n\n" +
			"public class ShapeTest {\n    @Test\n    public void area() {\n        assertEquals(2, new Square().area(2));\n    }\n}\n",
		"src/test/java/p/CaseTest.java": "package p;\n\npublic class CaseTest extends MidCase {\n    public void testOwn() {\n        assertEquals(2, 2);\n    }\n}\n",
	}
	s, d := discoverTree(t, dir, files)
	for _, e := range []struct {
		name, rel, old, new string
		incremental         bool
	}{
		{"a parameter added to a production base's method", "src/main/java/p/Shape.java", "area(int x)", "area(int x, int... more)", true},
		{"a method of a test class's production base renamed to a test", "src/main/java/p/BaseCase.java", "void helper()", "void testInherited()", false},
	} {
		s2 := s.WithFile(e.rel, []byte(strings.Replace(files[e.rel], e.old, e.new, 1)))
		if inc := compareUpdate(t, e.name, d, s2, e.rel); inc != e.incremental {
			t.Errorf("%s: incremental=%v, want %v", e.name, inc, e.incremental)
		}
	}
	// The renamed method is a test of CaseTest after the update.
	s2 := s.WithFile("src/main/java/p/BaseCase.java", []byte(strings.Replace(files["src/main/java/p/BaseCase.java"], "void helper()", "void testInherited()", 1)))
	got, _, err := d.Update(s2, s2.Read, []string{"src/main/java/p/BaseCase.java"})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, tc := range got.Classes {
		for _, m := range tc.Methods {
			found = found || m.ID == "p.CaseTest#testInherited"
		}
	}
	if !found {
		t.Errorf("testInherited is no test of p.CaseTest after the rename")
	}
}

// TestUpdateReprovesOnlyStaleProofs: after a body edit only the edited file's proofs are
// made again, the others read as remembered. An edit that changes the effect of a member
// reached through an unchanged member of another file (Counter#peek under Wrapper#read)
// must still change the slices (a full discovery), and one that keeps every effect must
// match a full discovery while staying incremental.
func TestUpdateReprovesOnlyStaleProofs(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"src/main/java/p/Counter.java": "package p;\n\npublic class Counter {\n    static int total;\n\n    public int peek() {\n        return total;\n    }\n}\n",
		"src/main/java/p/Wrapper.java": "package p;\n\npublic class Wrapper {\n    public int read(Counter c) {\n        return c.peek();\n    }\n}\n",
		"src/test/java/p/WrapperTest.java": `package p;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class WrapperTest {
    @Test
    public void reads() {
        Counter c = new Counter();
        int got = new Wrapper().read(c);
        int after = Counter.total;
        assertEquals(0, after);
        assertEquals(0, got);
    }
}
`,
	}
	s, d := discoverTree(t, dir, files)
	const counter = "src/main/java/p/Counter.java"
	for _, e := range []struct {
		name, old, new string
		incremental    bool
	}{
		{"a body edit that keeps the effect", "return total;", "return total + 0;", true},
		{"peek now writes the static the test reads after it", "return total;", "total++;\n        return total;", false},
	} {
		s2 := s.WithFile(counter, []byte(strings.Replace(files[counter], e.old, e.new, 1)))
		if inc := compareUpdate(t, e.name, d, s2, counter); inc != e.incremental {
			t.Errorf("%s: incremental=%v, want %v", e.name, inc, e.incremental)
		}
	}
}

// discoverTree writes files (relative slash path → text) under dir, indexes it and
// discovers its tests.
func discoverTree(t *testing.T, dir string, files map[string]string) (*analysis.Snapshot, *Discovery) {
	t.Helper()
	for rel, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := analysis.Build(context.Background(), dir, dirSource{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	d, err := DiscoverAll(s, s.Read, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s, d
}

// TestDiscoveryTakesTheIndexTrees checks the cold-start handover: discovery of a freshly
// built snapshot uses the parse trees the index made for the test files (and only those),
// each once, and finds exactly what it finds when it parses them itself.
func TestDiscoveryTakesTheIndexTrees(t *testing.T) {
	dir := filepath.Join("..", "testdata", "slicing", "paper")
	build := func() *analysis.Snapshot {
		s, err := analysis.Build(context.Background(), dir, dirSource{dir}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	handed, parsed := build(), build()
	parsed.ReleaseParsedTrees()
	var tests, prod string
	for _, rel := range handed.SortedPaths() {
		if handed.Files[rel].Test {
			tests = rel
		} else {
			prod = rel
		}
	}
	if tests == "" || prod == "" {
		t.Fatalf("fixture needs test and production files: %v", handed.SortedPaths())
	}
	probe := build()
	if tree := probe.TakeParsedTree(prod, probe.Files[prod].ContentHash); tree != nil {
		t.Errorf("a production file's tree was kept for discovery")
	}
	if tree := probe.TakeParsedTree(tests, probe.Files[tests].ContentHash+1); tree != nil {
		t.Errorf("a tree was handed over for other content")
	}
	if tree := probe.TakeParsedTree(tests, probe.Files[tests].ContentHash); tree != nil {
		t.Errorf("a refused tree was handed over later")
	}
	probe = build()
	if tree := probe.TakeParsedTree(tests, probe.Files[tests].ContentHash); tree == nil {
		t.Errorf("no tree handed over for test file %s", tests)
	} else {
		tree.Close()
	}

	got, err := DiscoverAll(handed, handed.Read, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := DiscoverAll(parsed, parsed.Read, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tree := handed.TakeParsedTree(tests, handed.Files[tests].ContentHash); tree != nil {
		t.Errorf("discovery left the tree of %s untaken", tests)
	}
	g, _ := json.Marshal(got.Classes)
	w, _ := json.Marshal(want.Classes)
	if string(g) != string(w) {
		t.Errorf("discovery on handed-over trees differs from discovery that parses:\n%s\n%s", g, w)
	}
	if len(got.Classes) == 0 {
		t.Errorf("no tests discovered in %s", dir)
	}
}

// TestDiscoveryOfNULLiterals: a NUL byte inside a string literal (commons-lang keeps fuzzer
// inputs in tests) ends tree-sitter's input unless it is hidden; discovery must slice such a
// test whether it takes the index's tree or parses the file itself.
func TestDiscoveryOfNULLiterals(t *testing.T) {
	files := map[string]string{
		"src/main/java/p/Calc.java": "package p;\npublic class Calc {\n    public static int twice(String s) { return 2 * s.length(); }\n}\n",
		"src/test/java/p/CalcTest.java": "package p;\nimport static org.junit.Assert.assertEquals;\nimport org.junit.Test;\n" +
			"public class CalcTest {\n    @Test\n    public void nul() {\n        int n = Calc.twice(\"a\x00b\");\n" +
			"        assertEquals(6, n);\n        assertEquals(1, 1);\n    }\n}\n",
	}
	s, handed := discoverTree(t, t.TempDir(), files)
	s.ReleaseParsedTrees()
	parsed, err := DiscoverAll(s, s.Read, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for name, d := range map[string]*Discovery{"handed-over tree": handed, "own parse": parsed} {
		var levels []string
		for _, tc := range d.Classes {
			for _, tm := range tc.Methods {
				for _, u := range tm.Units {
					levels = append(levels, string(u.Level))
				}
			}
		}
		if strings.Join(levels, ",") != "assertion,assertion" {
			t.Errorf("%s: units %v, want two assertion units", name, levels)
		}
	}
}

// TestUpdateNestedFixturesFromASubclassOfTheEnclosingClass: a field added to a subclass of
// the enclosing class of an inherited @Nested class, in another file, joins the nested
// class's fixtures (it builds the enclosing instance the nested tests run in).
func TestUpdateNestedFixturesFromASubclassOfTheEnclosingClass(t *testing.T) {
	files := map[string]string{
		"src/main/java/n/Seeds.java": "package n;\n\npublic class Seeds {\n    public static Object make() {\n        return \"seed\";\n    }\n}\n",
		"src/test/java/n/AbstractCollectionTest.java": `package n;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

public abstract class AbstractCollectionTest {
    public abstract Object makeObject();

    @Nested
    public class Views {
        @Test
        public void view() {
            assertNotNull(makeObject());
        }
    }
}
`,
		"src/test/java/n/StackTest.java": "package n;\n\npublic class StackTest extends AbstractCollectionTest {\n    @Override\n    public Object makeObject() {\n        return \"stack\";\n    }\n}\n",
	}
	s, d := discoverTree(t, t.TempDir(), files)
	rel := "src/test/java/n/StackTest.java"
	s2 := s.WithFile(rel, []byte(strings.Replace(files[rel], "    @Override", "    private final Object seed = Seeds.make();\n\n    @Override", 1)))
	compareUpdate(t, "a field added to the enclosing class's subclass", d, s2, rel)
	got, _, err := d.Update(s2, s2.Read, []string{rel})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range got.Classes {
		if tc.ID == "n.AbstractCollectionTest.Views" && !slices.Contains(tc.Fixtures, "n.StackTest#seed") {
			t.Errorf("Views' fixtures %v lack StackTest's new field", tc.Fixtures)
		}
	}
}

// TestUpdateAfterConstantBodyEdit edits the method of an enum constant's class body, which
// effects read as a method of the enum (see constantOverrides): an update must see the
// counting constant stop counting, and start again, as a full discovery does.
func TestUpdateAfterConstantBodyEdit(t *testing.T) {
	assertEditMovesStep(t, editStep{
		rel: "src/main/java/eff/Tally.java", old: "count++;", new: "",
		method: "enumConstantBodiesThatCountStayWriters", step: "int next = Sums.tallied", read: "assertEquals(before + 1, Tally.count)",
		label: "COUNTING's next made to count: %v", want: "the step counts", stepWhenEdited: false,
	})
}

// editStep is an edit of the effects fixture that decides whether the statement of method
// holding step belongs to the slice of the assertion holding read (see assertEditMovesStep).
type editStep struct {
	rel, old, new      string
	method, step, read string
	label, want        string // label formats whether the step is in the slice; want says when it is
	stepWhenEdited     bool
}

// assertEditMovesStep updates a discovery of the effects fixture after the edit e and after
// undoing it: each update agrees with full discovery, and the step is in the read's slice
// exactly in the version e.stepWhenEdited names.
func assertEditMovesStep(t *testing.T, e editStep) {
	t.Helper()
	original := fixture(t, "effects")
	src, err := original.Read(e.rel)
	if err != nil {
		t.Fatal(err)
	}
	edited := original.WithFile(e.rel, []byte(strings.Replace(string(src), e.old, e.new, 1)))
	if c, _ := edited.Read(e.rel); string(c) == string(src) {
		t.Fatalf("the fixture's %s no longer holds %q", e.rel, e.old)
	}
	const test = "src/test/java/eff/EffectsTest.java"
	step := lineOf(t, "effects", test, e.method, e.step)
	read := lineOf(t, "effects", test, e.method, e.read)
	for _, c := range []struct {
		from, to *analysis.Snapshot
		holds    bool
	}{{original, edited, e.stepWhenEdited}, {edited, original, !e.stepWhenEdited}} {
		d, err := DiscoverAll(c.from, c.from.Read, Options{})
		if err != nil {
			t.Fatal(err)
		}
		label := fmt.Sprintf(e.label, c.holds)
		compareUpdate(t, label, d, c.to, e.rel)
		want, err := DiscoverAll(c.to, c.to.Read, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := sliceLines(t, want.Classes, "eff.EffectsTest#"+e.method, read); slices.Contains(got, step) != c.holds {
			t.Errorf("%s: the slice of line %d is %v, which should hold line %d exactly when %s", label, read, got, step, e.want)
		}
	}
}

// TestUpdateAfterValueClassEdit makes a field of the value class Ratio changeable, and
// final again: an update after either edit agrees with full discovery, and a call that may
// change a Ratio joins the slice of an assertion on it exactly while Ratio can change.
func TestUpdateAfterValueClassEdit(t *testing.T) {
	assertEditMovesStep(t, editStep{
		rel: "src/main/java/eff/Ratio.java", old: "private final BigInteger den;", new: "private BigInteger den;",
		method: "valueClassesChangeUnderNoCall", step: "Keeper.poke(half", read: "assertEquals(false, half.whole())",
		label: "Ratio may change: %v", want: "a Ratio can change", stepWhenEdited: true,
	})
}

// TestUpdateAfterInnerConstructorEdit makes Meter.Needle's constructor read the meter's
// field, and undoes it: an update after either edit agrees with full discovery, and making a
// needle joins the slice of an unrelated assertion exactly while its making reads the meter
// (an unknown effect then).
func TestUpdateAfterInnerConstructorEdit(t *testing.T) {
	assertEditMovesStep(t, editStep{
		rel: "src/main/java/eff/Meter.java", old: "this.step = step;", new: "this.step = step + turns;",
		method: "innerObjectsChangeTheObjectThatMadeThem", step: "meter.needle()", read: "assertEquals(6, six)",
		label: "a needle's making reads the meter: %v", want: "the making touches the meter", stepWhenEdited: true,
	})
}

// TestUpdateAfterHeldFunctionEdits edits the bodies behind the proofs about a fresh
// object's held functions, a proxy handler's Object-method branch and a callback inherited
// from a library class: Sized's default check starts counting, Shield's objectMethod and
// Rows' get start making a Counter. None of these edits touches the test file, so only the
// re-proved proofs can tell the slices have changed. The last one declares an iterator
// override in Rows instead (AbstractList's hashCode runs it): only the lookups of the
// inherited callbacks can tell.
func TestUpdateAfterHeldFunctionEdits(t *testing.T) {
	for _, c := range []struct {
		fixture, rel, from, to, test, method, assertion, statement string
	}{
		{"proofs", "src/main/java/proofs/Sized.java",
			"defaultCheck = n -> n > max ? tooBig(n) : n;", "defaultCheck = n -> n > max ? tooBig(n) : CountingSized.COUNT.applyAsInt(n);",
			"src/test/java/proofs/ProofsTest.java", "freshBuilderRunsOnlyItsOwnChecks", "assertEquals(before, Counter.count())",
			"int size = Sized.builder().setSize(3).size()"},
		{"handlers", "src/main/java/handlers/Shield.java",
			`return "Shield(" + ran + ")";`, `return "Shield(" + new Counter() + ")";`,
			"src/test/java/handlers/HandlersTest.java", "shieldedProxyPrintsWithoutRunning", "assertEquals(before + 1, Counter.made)",
			"String text = String.valueOf(proxy)"},
		{"handlers", "src/main/java/handlers/Rows.java",
			"        return index;", "        new Counter();\n        return index;",
			"src/test/java/handlers/HandlersTest.java", "hashingAnObjectRunsOnlyTheCallbacks", "assertEquals(before + 1, Counter.made)",
			"int hash = rows.hashCode()"},
		{"handlers", "src/main/java/handlers/Rows.java",
			"    public int size() {", "    public java.util.Iterator<Integer> iterator() {\n        new Counter();\n        return super.iterator();\n    }\n\n    @Override\n    public int size() {",
			"src/test/java/handlers/HandlersTest.java", "hashingATypeVariableRunsOnlyTheCallbacks", "assertEquals(before + 1, Counter.made)",
			"int hash = box.hash()"},
	} {
		s := fixture(t, c.fixture)
		d, err := DiscoverAll(s, s.Read, Options{})
		if err != nil {
			t.Fatal(err)
		}
		src, err := s.Read(c.rel)
		if err != nil {
			t.Fatal(err)
		}
		edited := strings.Replace(string(src), c.from, c.to, 1)
		if edited == string(src) {
			t.Fatalf("%s no longer holds %q", c.rel, c.from)
		}
		s2 := s.WithFile(c.rel, []byte(edited))
		compareUpdate(t, c.rel+" edited", d, s2, c.rel)
		want, err := DiscoverAll(s2, s2.Read, Options{})
		if err != nil {
			t.Fatal(err)
		}
		id := c.fixture + "." + strings.TrimSuffix(filepath.Base(c.test), ".java") + "#" + c.method
		stmt := lineOf(t, c.fixture, c.test, c.method, c.statement)
		if got := sliceLines(t, want.Classes, id, lineOf(t, c.fixture, c.test, c.method, c.assertion)); !slices.Contains(got, stmt) {
			t.Errorf("%s: after the edit the slice %v should hold line %d", id, got, stmt)
		}
	}
}
