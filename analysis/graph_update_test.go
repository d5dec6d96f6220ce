package analysis

import (
	"fmt"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis/javagen"
)

// storeDump lists every record of a store as text, sorted, to compare two graphs' indexes.
func storeDump(st *edgeStore) []string {
	var out []string
	for _, m := range st.shards {
		for key, recs := range m {
			for _, r := range recs {
				out = append(out, fmt.Sprintf("%s|%s>%s|%s|%d|%s", key, r.From, r.To, r.Kind, r.Line, r.src))
			}
		}
	}
	sort.Strings(out)
	return out
}

func assertSameGraph(t *testing.T, label string, want, got *Graph) {
	t.Helper()
	if a, b := want.Edges(), got.Edges(); !reflect.DeepEqual(a, b) {
		t.Errorf("%s: edges differ:\n%s", label, edgeDiff(a, b))
	}
	if a, b := storeDump(want.fwd), storeDump(got.fwd); !reflect.DeepEqual(a, b) {
		t.Errorf("%s: forward index differs (%d vs %d records)", label, len(a), len(b))
	}
	if a, b := storeDump(want.rev), storeDump(got.rev); !reflect.DeepEqual(a, b) {
		t.Errorf("%s: reverse index differs (%d vs %d records)", label, len(a), len(b))
	}
	if a, b := want.Uncertain(), got.Uncertain(); !reflect.DeepEqual(a, b) {
		t.Errorf("%s: uncertain differs:\nbuild  %v\nupdate %v", label, a, b)
	}
	if a, b := callerDump(want.callers), callerDump(got.callers); !reflect.DeepEqual(a, b) {
		t.Errorf("%s: caller index differs (%d vs %d nodes with callers)", label, len(a), len(b))
	}
}

// callerDump renders a caller index by name: node → its row's parts in order, the
// override callers prefixed "^override for C ", marked pairs as "^mark caller" with marks
// "^super", "^recv T" or "^this T".
func callerDump(c *callerIndex) map[string][]string {
	out := map[string][]string{}
	for n, row := range c.callers {
		if len(row) == 0 {
			continue
		}
		plain, override, marked := rowParts(row)
		var names []string
		for _, x := range plain {
			names = append(names, c.ids.name(x))
		}
		for i := 0; i < len(override); i += 2 {
			class := "any"
			if k := override[i]; k >= 0 {
				class = c.ids.name(k)
			}
			names = append(names, "^override for "+class+" "+c.ids.name(override[i+1]))
		}
		for i := 0; i < len(marked); i += 2 {
			m, x := marked[i], marked[i+1]
			k, this, recv := markedRecv(m)
			mark := "^super"
			switch {
			case recv && this:
				mark = "^this " + c.ids.name(k)
			case recv:
				mark = "^recv " + c.ids.name(k)
			}
			names = append(names, mark+" "+c.ids.name(x))
		}
		out[c.ids.name(int32(n))] = names
	}
	return out
}

func edgeDiff(want, got []Edge) string {
	set := func(es []Edge) map[Edge]bool {
		m := map[Edge]bool{}
		for _, e := range es {
			m[e] = true
		}
		return m
	}
	w, g := set(want), set(got)
	var b strings.Builder
	n := 0
	for _, e := range want {
		if !g[e] && n < 20 {
			fmt.Fprintf(&b, "  only in build:  %v\n", e)
			n++
		}
	}
	for _, e := range got {
		if !w[e] && n < 40 {
			fmt.Fprintf(&b, "  only in update: %v\n", e)
			n++
		}
	}
	return b.String()
}

// fileEdit replaces old with new in one file; a nil content deletes the file, and a file
// that does not exist yet is created with new.
type fileEdit struct {
	path     string
	old, new string
	delete   bool
}

func applyFileEdit(t *testing.T, src memSource, e fileEdit) memSource {
	t.Helper()
	out := memSource{}
	for k, v := range src {
		out[k] = v
	}
	switch {
	case e.delete:
		delete(out, e.path)
	case src[e.path] == nil:
		out[e.path] = []byte(e.new)
	default:
		s := string(src[e.path])
		if !strings.Contains(s, e.old) {
			t.Fatalf("edit of %s: %q not found", e.path, e.old)
		}
		out[e.path] = []byte(strings.Replace(s, e.old, e.new, 1))
	}
	return out
}

// assertUpdatesMatchBuilds applies edits to src one by one, updating the graph each time,
// and checks after every edit that the updated graph (and, with index, its symbol table)
// equals the one built from scratch.
func assertUpdatesMatchBuilds(t *testing.T, dir string, src memSource, edits []fileEdit, index bool) {
	t.Helper()
	g := BuildGraph(snapshotFromSource(t, dir, src))
	for i, e := range edits {
		src = applyFileEdit(t, src, e)
		s := snapshotFromSource(t, dir, src)
		want := BuildGraph(s)
		g = g.Update(s, []string{e.path})
		assertSameGraph(t, fmt.Sprintf("edit %d (%s)", i, e.path), want, g)
		if index {
			assertSameIndex(t, fmt.Sprintf("edit %d (%s)", i, e.path), want.idx, g.idx)
		}
	}
}

// TestGraphUpdateEquivalence checks that updating a graph after an edit gives exactly the
// graph built from scratch, for body edits, signature edits, hierarchy edits, added and
// deleted files, applied one after another.
func TestGraphUpdateEquivalence(t *testing.T) {
	dir := filepath.Join("..", "testdata", "graph", "dispatch")
	src := readJavaTree(t, dir)
	square := "src/main/java/app/Square.java"
	edits := []fileEdit{
		{path: "src/main/java/app/Circle.java", old: "return Math.PI * r * r;", new: "return Math.PI * r * r * 1.0;"},
		{path: square, old: "    }\n}", new: "    }\n\n    @Override\n    public double area() {\n        return side * side;\n    }\n}"},
		{path: "src/main/java/app/Triangle.java", new: "package app;\n\npublic class Triangle extends Shape {\n    @Override\n    public double area() {\n        return 0.5;\n    }\n}\n"},
		{path: "src/main/java/app/FastRunner.java", old: "extends BaseRunner implements Runner", new: "extends BaseRunner"},
		{path: "src/main/java/app/Circle.java", delete: true},
		{path: "src/main/java/app/Circle.java", new: "package app;\n\npublic class Circle extends Square {\n    public Circle(double r) {\n        super(r);\n    }\n}\n"},
		{path: "src/main/java/app/Named.java", old: "default String name()", new: "default String label()"},
		{path: square, delete: true},
	}
	assertUpdatesMatchBuilds(t, dir, src, edits, true)
}

// TestGraphUpdateEquivalenceGenerated repeats the check on a generated project, where
// updates must also find dependent files through recorded lookups.
func TestGraphUpdateEquivalenceGenerated(t *testing.T) {
	dir := t.TempDir()
	if err := javagen.Write(dir, javagen.Options{Classes: 150, TestClasses: 20, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	src := readJavaTree(t, dir)
	p10, p11, p60 := javagen.ClassPath(10), javagen.ClassPath(11), javagen.ClassPath(60)
	edits := []fileEdit{
		{path: p10, old: "int acc = x + counter10;", new: "int acc = x - counter10;"},
		{path: p10, old: "    public int m3(int x) {", new: "    public int extra(int x) {\n        return x;\n    }\n\n    public int m3(int x) {"},
		{path: p11, old: "    public int m1(int x) {", new: "    public int m1(int x, int y) {\n        return x;\n    }\n\n    public int m1b(int x) {"},
		{path: p60, delete: true},
		{path: p60, new: strings.Replace(string(src[p60]), "public class C0060", "public class C0060 extends C0011", 1)},
		{path: javagen.TestPath(3, 150), old: "subject.m", new: "subject.m1(1); subject.m"},
	}
	assertUpdatesMatchBuilds(t, dir, src, edits, true)
}

// TestGraphUpdateLeavesOldGraph checks immutability: the old graph answers as before.
func TestGraphUpdateLeavesOldGraph(t *testing.T) {
	dir := filepath.Join("..", "testdata", "graph", "dispatch")
	src := readJavaTree(t, dir)
	g := BuildGraph(snapshotFromSource(t, dir, src))
	before := storeDump(g.rev)
	src = applyFileEdit(t, src, fileEdit{path: "src/main/java/app/Circle.java", delete: true})
	_ = g.Update(snapshotFromSource(t, dir, src), []string{"src/main/java/app/Circle.java"})
	if after := storeDump(g.rev); !reflect.DeepEqual(before, after) {
		t.Fatal("Update modified the graph it was called on")
	}
}

// TestGraphUpdateKeepsStores checks that an edit whose re-resolved files give the same
// edges keeps the old graph's stores (SameEdges), and that edits adding a method or a call
// do not.
func TestGraphUpdateKeepsStores(t *testing.T) {
	dir := filepath.Join("..", "testdata", "graph", "dispatch")
	src := readJavaTree(t, dir)
	g := BuildGraph(snapshotFromSource(t, dir, src))
	circle := "src/main/java/app/Circle.java"
	steps := []struct {
		edit fileEdit
		same bool
	}{
		{fileEdit{path: circle, old: "return Math.PI * r * r;", new: "return Math.PI * r * r * 1.0;"}, true},
		{fileEdit{path: circle, old: "    @Override", new: "    double area0() {\n        return 0;\n    }\n\n    @Override"}, false},
		{fileEdit{path: circle, old: "return Math.PI * r * r * 1.0;", new: "return Math.PI * r * r * 1.0 + area0();"}, false},
		{fileEdit{path: circle, old: "+ area0();", new: "- area0();"}, true},
	}
	for i, st := range steps {
		src = applyFileEdit(t, src, st.edit)
		s := snapshotFromSource(t, dir, src)
		ng := g.Update(s, []string{st.edit.path})
		assertSameGraph(t, fmt.Sprintf("step %d", i), BuildGraph(s), ng)
		if got := ng.SameEdges(g); got != st.same {
			t.Errorf("step %d: SameEdges = %v, want %v", i, got, st.same)
		}
		if !ng.SameEdges(ng) {
			t.Errorf("step %d: a graph must share its own stores", i)
		}
		g = ng
	}
}

// TestGraphUpdateInheritedImplementationMoves checks that when an edit moves a method that
// another file's type inherits to implement an interface, the dispatch edge that file
// contributes (it carries the implementation's line) follows, for a body-only edit too.
func TestGraphUpdateInheritedImplementationMoves(t *testing.T) {
	dir := filepath.Join("..", "testdata", "graph", "dispatch")
	src := readJavaTree(t, dir)
	g := BuildGraph(snapshotFromSource(t, dir, src))
	base := "src/main/java/app/BaseRunner.java"
	edits := []fileEdit{
		{path: base, old: "public class BaseRunner {\n", new: "public class BaseRunner {\n\n\n"},
		{path: base, old: "    public int run() {", new: "    public int walk() {\n        return 0;\n    }\n\n    public int run() {"},
	}
	for i, e := range edits {
		src = applyFileEdit(t, src, e)
		s := snapshotFromSource(t, dir, src)
		g = g.Update(s, []string{e.path})
		assertSameGraph(t, fmt.Sprintf("edit %d", i), BuildGraph(s), g)
	}
}

// TestGraphUpdateLibrarySupertypeOfAncestor checks that callback edges of a subclass follow
// an edit to its superclass's library supertypes in another file: Runnable added to a
// Serializable base makes the subclass's run() a callback where a subclass object is created.
func TestGraphUpdateLibrarySupertypeOfAncestor(t *testing.T) {
	dir := filepath.Join("..", "testdata", "graph", "callbacks")
	src := readJavaTree(t, dir)
	sub := "src/main/java/app/SubSettings.java"
	src = applyFileEdit(t, src, fileEdit{path: sub, new: "package app;\n\npublic class SubSettings extends Settings {\n    public void run() {\n    }\n}\n"})
	maker := "src/main/java/app/Maker.java"
	src = applyFileEdit(t, src, fileEdit{path: maker, new: "package app;\n\nclass Maker {\n    Object make() {\n        return new SubSettings();\n    }\n}\n"})
	g := BuildGraph(snapshotFromSource(t, dir, src))
	callback := Edge{From: "app.Maker#make()", To: "app.SubSettings#run()", Kind: "callback"}
	has := func(g *Graph) bool {
		for _, e := range g.Callees(callback.From) {
			if e.From == callback.From && e.To == callback.To && e.Kind == callback.Kind {
				return true
			}
		}
		return false
	}
	if has(g) {
		t.Fatal("run() of a Serializable class is a callback before Runnable is added")
	}
	base := "src/main/java/app/Settings.java"
	// Only the supertype list changes: Settings declares no run() of its own.
	src = applyFileEdit(t, src, fileEdit{path: base, old: "public class Settings implements Serializable {", new: "public abstract class Settings implements Serializable, Runnable {"})
	s := snapshotFromSource(t, dir, src)
	got := g.Update(s, []string{base})
	assertSameGraph(t, "Runnable added to the base", BuildGraph(s), got)
	if !has(got) {
		t.Error("run() of the subclass is not a callback after its base became Runnable")
	}
}

// TestGraphUpdateEquivalenceHubs checks that updates keep the edges that depend on other
// files' declarations in step with a full build: callbacks at creation sites (methods and
// library supertypes of the created type and its ancestors), static initialization at the
// members that initialize a class (static fields gaining or losing initializers,
// superclasses changing), and enum constants.
func TestGraphUpdateEquivalenceHubs(t *testing.T) {
	dir := filepath.Join("..", "testdata", "graph", "hubs")
	src := readJavaTree(t, dir)
	level, items, reg, panel := "src/main/java/app/Level.java", "src/main/java/app/Items.java", "src/main/java/app/Registry.java", "src/main/java/app/Panel.java"
	edits := []fileEdit{
		{path: level, old: "    public String describe() {", new: "    public int hashCode2() {\n        return 1;\n    }\n\n    public String describe() {"},
		{path: level, old: "    @Override\n    public String toString() {", new: "    public String toText() {"},
		{path: level, old: "    HIGH(\"h\");", new: "    HIGH(\"h\"),\n    TOP(\"t\");"},
		{path: items, old: "extends ArrayList<String>", new: "extends java.util.AbstractSet<String>"},
		{path: items, old: "    public String unwrap() {", new: "    @Override\n    public int hashCode() {\n        return 3;\n    }\n\n    public String unwrap() {"},
		{path: reg, old: "static final int SEED = Seed.value();", new: "static int SEED;"},
		{path: reg, old: "static int SEED;", new: "static int SEED = 2;\n\n    static {\n        SEED = Seed.value();\n    }"},
		{path: "src/main/java/app/SubRegistry.java", old: "extends Registry", new: ""},
		{path: panel, old: "extends javax.swing.JComponent", new: "implements Runnable"},
		{path: panel, old: "    public void repaintLater() {", new: "    public void run() {\n    }\n\n    public void repaintLater() {"},
		{path: "src/main/java/app/AppException.java", old: "extends RuntimeException", new: "extends Exception"},
	}
	assertUpdatesMatchBuilds(t, dir, src, edits, true)
}

// TestGraphUpdateEquivalenceEnums: a body edit that makes an enum's constants isolated or
// shared changes the static-init edges of every member that uses the enum, and the edges
// from library calls that hand out constants.
func TestGraphUpdateEquivalenceEnums(t *testing.T) {
	dir := filepath.Join("..", "testdata", "graph", "enums")
	src := readJavaTree(t, dir)
	size := "src/main/java/app/Size.java"
	edits := []fileEdit{
		{path: size, old: "        this.rank = rank;\n", new: "        this.rank = rank;\n        Registry.register(code);\n"},
		{path: size, old: "        Registry.register(code);\n", new: ""},
		{path: size, old: "    MEDIUM(\"m\", 2),", new: "    MEDIUM(Names.remember(\"m\"), 2),"},
		{path: size, old: "    MEDIUM(Names.remember(\"m\"), 2),", new: "    MEDIUM(\"m\", 2) {\n    },"},
		{path: "src/main/java/app/Unit.java", old: "        Registry.register(symbol);\n", new: ""},
		{path: "src/main/java/app/Unit.java", old: "public enum Unit {", new: "public class Unit {\n    static final Unit METRE = new Unit(\"m\");\n    static final Unit FOOT = new Unit(\"ft\");\n}\nenum Unit2 {"},
	}
	assertUpdatesMatchBuilds(t, dir, src, edits, false)
}

// TestGraphUpdateEquivalenceConstants: an initializer edit that makes a field a constant
// variable, or no longer one, changes whether its readers initialize the class.
func TestGraphUpdateEquivalenceConstants(t *testing.T) {
	dir := filepath.Join("..", "testdata", "graph", "constructors")
	src := readJavaTree(t, dir)
	limits := "src/main/java/app/Limits.java"
	edits := []fileEdit{
		{path: limits, old: "MAX = 1 << 4;", new: "MAX = Seeds.first();"},
		{path: limits, old: "MAX = Seeds.first();", new: "MAX = 1 << 4;"},
		{path: limits, old: "public static final String NAME", new: "public static String NAME"},
	}
	assertUpdatesMatchBuilds(t, dir, src, edits, false)
}

// TestGraphUpdateEquivalenceGenerics: edits to type parameters, bounds and supertypes'
// type arguments re-resolve every file whose calls were typed through them.
func TestGraphUpdateEquivalenceGenerics(t *testing.T) {
	dir := filepath.Join("..", "testdata", "graph", "generics")
	src := readJavaTree(t, dir)
	frac, elem, box := "src/main/java/app/Frac.java", "src/main/java/app/Elem.java", "src/main/java/app/Box.java"
	edits := []fileEdit{
		{path: frac, old: "implements RealElem<Frac>", new: "implements RealElem"},
		{path: frac, old: "implements RealElem", new: "implements RealElem<Frac>"},
		{path: "src/main/java/app/RealElem.java", old: "extends Elem<T>", new: "extends Elem"},
		{path: "src/main/java/app/RealElem.java", old: "extends Elem {", new: "extends Elem<T> {"},
		{path: box, old: "public class Box<T extends Elem<T>>", new: "public class Box<T extends Ledger>"},
		{path: box, old: "public class Box<T extends Ledger>", new: "public class Box<T>"},
		{path: elem, old: "T negate();", new: "Elem<T> negate();"},
		{path: "src/main/java/app/Algebra.java", old: "public static <T extends Elem<T>> T twice(T x) {", new: "public static <T extends Dec> T twice(T x) {"},
	}
	assertUpdatesMatchBuilds(t, dir, src, edits, true)
}

// TestGraphUpdateEquivalenceRepeatedEdits edits the bodies of one file many times in a row,
// as typing does: each update replaces only the keys whose edges changed, and every
// maxPartialUpdates-th one all of the file's records. After every edit the updated graph
// must equal the one built from scratch.
func TestGraphUpdateEquivalenceRepeatedEdits(t *testing.T) {
	dir := t.TempDir()
	if err := javagen.Write(dir, javagen.Options{Classes: 150, TestClasses: 20, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	src := readJavaTree(t, dir)
	p := javagen.ClassPath(10)
	// A cycle of edits: a call added in one method, a call added in another (moving the
	// lines below it), then both taken back.
	cycle := []fileEdit{
		{path: p, old: "acc += dep1.m0(j);", new: "acc += dep1.m0(j) + dep2.m1(j);"},
		{path: p, old: "public int m1(int x) {\n", new: "public int m1(int x) {\n        x += new com.example.p01.C0099().m2(x);\n"},
		{path: p, old: "acc += dep1.m0(j) + dep2.m1(j);", new: "acc += dep1.m0(j);"},
		{path: p, old: "        x += new com.example.p01.C0099().m2(x);\n", new: ""},
	}
	s := snapshotFromSource(t, dir, src)
	g := BuildGraph(s)
	partials := map[int]bool{}
	for i := 0; i < 3*maxPartialUpdates; i++ {
		src = applyFileEdit(t, src, cycle[i%len(cycle)])
		s = snapshotFromSource(t, dir, src)
		g = g.Update(s, []string{p})
		assertSameGraph(t, fmt.Sprintf("edit %d", i), BuildGraph(s), g)
		partials[g.files[p].partial] = true
	}
	for n := 0; n <= maxPartialUpdates; n++ {
		if !partials[n] {
			t.Errorf("no update left the file at %d keyed updates in a row (seen %v)", n, partials)
		}
	}
}

// TestGraphUpdateEquivalenceEveryType: a member whose reflection may reach any project
// class (getClass() of a value of an unbounded type parameter) gains the members of a class
// added later and loses those of one deleted.
func TestGraphUpdateEquivalenceEveryType(t *testing.T) {
	dir := filepath.Join("..", "testdata", "graph", "reflection")
	src := readJavaTree(t, dir)
	knob := "src/main/java/app/Knob.java"
	edits := []fileEdit{
		{path: knob, new: "package app;\n\npublic class Knob {\n    public int getTurns() {\n        return 2;\n    }\n}\n"},
		{path: knob, old: "return 2;", new: "return 3;"},
		{path: knob, delete: true},
	}
	assertUpdatesMatchBuilds(t, dir, src, edits, false)
}
