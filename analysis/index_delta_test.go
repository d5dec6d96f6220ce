package analysis

import (
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis/javagen"
)

// indexView is an index as its readers see it: empty slices, false flags and zero counts
// are the same as missing entries, except that the maps every type has an entry in
// (supers, ancestors, libSuper, summary) must have the same keys.
type indexView struct {
	byName, supers, ancestors, subs, consults map[string][]string
	superCls                                  map[string]string
	libSuper, libOwn, packages                map[string]bool
	methods, fields                           map[string][]memberRef
	summary                                   map[string]typeSummary
	pkgFiles                                  map[string]int
	typeKeys                                  [4][]string
	declared                                  int
	cyclic                                    bool
}

func viewIndex(idx *index) indexView {
	strs := func(m map[string][]string) map[string][]string {
		out := map[string][]string{}
		for k, v := range m {
			if len(v) > 0 {
				out[k] = v
			}
		}
		return out
	}
	refs := func(m map[string][]memberRef) map[string][]memberRef {
		out := map[string][]memberRef{}
		for k, v := range m {
			if len(v) > 0 {
				out[k] = v
			}
		}
		return out
	}
	bools := func(m map[string]bool) map[string]bool {
		out := map[string]bool{}
		for k, v := range m {
			if v {
				out[k] = true
			}
		}
		return out
	}
	cls := map[string]string{}
	for k, v := range idx.superCls {
		if v != "" {
			cls[k] = v
		}
	}
	counts := map[string]int{}
	for k, v := range idx.pkgFiles {
		if v != 0 {
			counts[k] = v
		}
	}
	keysOf := func(n int) []string {
		var out []string
		switch n {
		case 0:
			for k := range idx.supers {
				out = append(out, k)
			}
		case 1:
			for k := range idx.ancestors {
				out = append(out, k)
			}
		case 2:
			for k := range idx.libSuper {
				out = append(out, k)
			}
		case 3:
			for k := range idx.summary {
				out = append(out, k)
			}
		}
		sort.Strings(out)
		return out
	}
	v := indexView{byName: strs(idx.byName), supers: strs(idx.supers), ancestors: strs(idx.ancestors),
		subs: strs(idx.subs), consults: strs(idx.consults), superCls: cls, libSuper: bools(idx.libSuper),
		libOwn: bools(idx.libOwn), packages: bools(idx.packages), methods: refs(idx.methods),
		fields: refs(idx.fields), summary: idx.summary, pkgFiles: counts, declared: idx.declared, cyclic: idx.cyclic}
	for i := range v.typeKeys {
		v.typeKeys[i] = keysOf(i)
	}
	return v
}

// dumpIndex prints every entry of idx (fmt sorts map keys), to check later that nothing
// wrote to it.
func dumpIndex(idx *index) string {
	return fmt.Sprintf("%+v", viewIndex(idx))
}

func assertSameIndex(t *testing.T, label string, want, got *index) {
	t.Helper()
	w, g := viewIndex(want), viewIndex(got)
	fields := []struct {
		name string
		w, g any
	}{
		{"byName", w.byName, g.byName}, {"supers", w.supers, g.supers}, {"ancestors", w.ancestors, g.ancestors},
		{"subs", w.subs, g.subs}, {"consults", w.consults, g.consults}, {"superCls", w.superCls, g.superCls},
		{"libSuper", w.libSuper, g.libSuper}, {"libOwn", w.libOwn, g.libOwn}, {"packages", w.packages, g.packages},
		{"methods", w.methods, g.methods}, {"fields", w.fields, g.fields}, {"summary", w.summary, g.summary},
		{"pkgFiles", w.pkgFiles, g.pkgFiles}, {"typeKeys", w.typeKeys, g.typeKeys}, {"cyclic", w.cyclic, g.cyclic},
		{"declared", w.declared, g.declared},
	}
	for _, f := range fields {
		if !reflect.DeepEqual(f.w, f.g) {
			wv, gv := reflect.ValueOf(f.w), reflect.ValueOf(f.g)
			t.Errorf("%s: index field %s differs:\nbuild  %v\nderive %v", label, f.name, mapDiff(wv, gv), mapDiff(gv, wv))
		}
	}
}

// mapDiff lists the entries of a that b does not have with the same value (bounded).
func mapDiff(a, b reflect.Value) string {
	if a.Kind() != reflect.Map {
		return fmt.Sprint(a.Interface())
	}
	var out []string
	for _, k := range a.MapKeys() {
		bv := b.MapIndex(k)
		if !bv.IsValid() || !reflect.DeepEqual(a.MapIndex(k).Interface(), bv.Interface()) {
			out = append(out, fmt.Sprintf("%v=%v", k.Interface(), a.MapIndex(k).Interface()))
		}
	}
	sort.Strings(out)
	if len(out) > 10 {
		out = append(out[:10], "…")
	}
	return strings.Join(out, " ")
}

// deltaProject is a small project with the shapes deriveIndex must follow: nested and
// inherited member types named from other files, dotted supertype names, on-demand
// imports of a package that does not exist yet, enums and records (implicit library
// supertypes), and a non-public type sharing a file.
var deltaProject = map[string]string{
	"src/main/java/a/Base.java": `package a;

public class Base {
    public static class Node {
        public void touch() {}
    }

    public interface Visitor {
        void visit();
    }

    public void run() {
        new Node().touch();
    }
}
`,
	"src/main/java/a/Other.java": `package a;

public class Other {
    public static class Node {
        public void touch() {}
    }
}
`,
	"src/main/java/a/Mid.java": `package a;

public class Mid extends Base implements Base.Visitor {
    public void visit() {
        run();
    }
}
`,
	"src/main/java/a/Leaf.java": `package a;

public class Leaf extends Mid {
    class Inner extends Node {
        public void touch() {}
    }

    public void run() {
        new Inner().touch();
        Helper.once(1);
    }
}
`,
	"src/main/java/a/Helpers.java": `package a;

public class Helpers {
    public static int twice(int x) {
        return x * 2;
    }
}

class Helper {
    static int once(int x) {
        return x;
    }
}
`,
	"src/main/java/b/User.java": `package b;

import a.*;

public class User extends Leaf {
    public void go() {
        new Mid().visit();
        Helpers.twice(2);
        touch();
    }
}
`,
	"src/main/java/b/Shape.java": `package b;

public enum Shape implements Runnable {
    A;

    public void run() {}
}
`,
	"src/main/java/b/Late.java": `package b;

import e.*;

public class Late extends Util {
    public void go() {
        help();
    }
}
`,
	"src/main/java/b/Far.java": `package b;

import e.*;

public class Far {
    public void far(Foo f) {
        f.help();
    }
}
`,
	"src/main/java/b/Far2.java": `package b;

import g.Box.*;

public class Far2 {
    public void far(Foo f) {
        f.help();
    }
}
`,
	"src/main/java/c/Point.java": `package c;

public record Point(int x, int y) {
    public int sum() {
        return x + y;
    }
}
`,
	"src/main/java/d/Dotted.java": `package d;

import a.Leaf;

public class Dotted extends Leaf.Node {
    public void touch() {}
}
`,
	"src/main/java/d/Deep.java": `package d;

import a.Leaf;

public class Deep extends Leaf {
    class In extends Node {
        public void poke() {
            touch();
        }
    }
}
`,
	"src/test/java/t/UserTest.java": `package t;

import a.*;
import b.*;
import d.*;
import org.junit.jupiter.api.Test;

public class UserTest {
    @Test
    public void go() {
        new User().go();
        new Dotted().touch();
        new Deep().run();
        new Late().go();
    }
}
`,
}

func deltaSource() memSource {
	src := memSource{}
	for p, c := range deltaProject {
		src[p] = []byte(c)
	}
	return src
}

// deltaStep is one edit of TestDeriveIndex: files changed together, and whether
// deriveIndex must give up (the update then rebuilds the index).
type deltaStep struct {
	name     string
	edits    []fileEdit
	fallback bool
}

const (
	pBase, pOther, pMid, pLeaf = "src/main/java/a/Base.java", "src/main/java/a/Other.java", "src/main/java/a/Mid.java", "src/main/java/a/Leaf.java"
	pHelpers, pUser, pLate     = "src/main/java/a/Helpers.java", "src/main/java/b/User.java", "src/main/java/b/Late.java"
)

const (
	pX, pY  = "src/main/java/a/X.java", "src/main/java/a/Y.java"
	ySource = "package a;\n\nimport a.X.B;\n\npublic class Y extends B {\n    public static class D extends W {\n    }\n}\n"
)

var deltaSteps = []deltaStep{
	{name: "body", edits: []fileEdit{{path: pMid, old: "run();", new: "run();\n        int k = 1;"}}},
	{name: "signature", edits: []fileEdit{{path: pMid, old: "    public void visit() {", new: "    public int extra() {\n        return 1;\n    }\n\n    public void visit() {"}}},
	// Deep.In and Leaf.Inner (unchanged files) find Node through Mid's supertypes.
	{name: "supertype read by another file's nested type", edits: []fileEdit{{path: pMid, old: "extends Base implements", new: "extends Other implements"}}},
	{name: "supertype back", edits: []fileEdit{{path: pMid, old: "extends Other implements", new: "extends Base implements"}}},
	{name: "nested type shadows an inherited one", edits: []fileEdit{{path: pMid, old: "    public void visit() {", new: "    public static class Node {\n        public void touch() {}\n    }\n\n    public void visit() {"}}},
	{name: "type moves between files", edits: []fileEdit{
		{path: pHelpers, old: "class Helper {\n    static int once(int x) {\n        return x;\n    }\n}\n", new: ""},
		{path: "src/main/java/a/Helper.java", new: "package a;\n\nclass Helper {\n    static int once(int x) {\n        return x + 0;\n    }\n}\n"},
	}},
	{name: "subclass added in another file", edits: []fileEdit{{path: "src/main/java/b/Sub.java", new: "package b;\n\nimport a.Mid;\n\npublic class Sub extends Mid {\n    public void visit() {}\n}\n"}}},
	{name: "package appears", edits: []fileEdit{{path: "src/main/java/e/Util.java", new: "package e;\n\npublic class Util {\n    public void help() {}\n}\n"}}},
	{name: "type imported on demand appears", edits: []fileEdit{{path: "src/main/java/g/Box.java", new: "package g;\n\npublic class Box {\n    public static class Lid {\n        public void lid() {}\n    }\n}\n"}}},
	{name: "file without types", edits: []fileEdit{{path: "src/main/java/f/package-info.java", new: "package f;\n"}}},
	{name: "package disappears", edits: []fileEdit{{path: "src/main/java/e/Util.java", delete: true}}},
	{name: "same simple name in another package", edits: []fileEdit{{path: "src/main/java/d/Node.java", new: "package d;\n\npublic class Node {\n    public void touch() {}\n}\n"}}},
	{name: "supertypes change", edits: []fileEdit{{path: pLeaf, old: "public class Leaf extends Mid", new: "public class Leaf extends Base"}}},
	{name: "imports change", edits: []fileEdit{{path: pUser, old: "import a.*;", new: "import a.Leaf;\nimport a.Mid;\nimport a.Helpers;"}}},
	{name: "kind change", edits: []fileEdit{{path: pLeaf, old: "public class Leaf extends Base", new: "public interface Leaf extends Base"}}},
	{name: "nested type removed", edits: []fileEdit{{path: pMid, old: "    public static class Node {\n        public void touch() {}\n    }\n\n", new: ""}}},
	{name: "file with subclasses deleted", edits: []fileEdit{{path: pMid, delete: true}}},
	{name: "supertype cycle appears", fallback: true, edits: []fileEdit{
		// X.B looks for Z in X's ancestors, which go through Y.D, whose lookup of W goes
		// through Y's ancestors, which include X.B.
		{path: pX, new: "package a;\n\nimport a.Y.D;\n\npublic class X extends D {\n    public static class B extends Z {\n    }\n}\n"},
		{path: pY, new: ySource},
	}},
	{name: "edit while the cycle stays", fallback: true, edits: []fileEdit{{path: pBase, old: "new Node().touch();", new: "new Node().touch();\n        run();"}}},
	{name: "cycle removed", fallback: true, edits: []fileEdit{{path: pY, delete: true}}},
	{name: "supertype unresolved", edits: []fileEdit{{path: pX, old: "public class X extends D {", new: "public class X extends E {"}}},
	{name: "nested types return", edits: []fileEdit{{path: pY, new: ySource}}},
	// Only X changes; its new supertype Y.D is not resolved again, but Y.D's stored lookups
	// go through X.B, which now goes through Y.D.
	{name: "cycle through an unchanged file's lookups", fallback: true, edits: []fileEdit{{path: pX, old: "public class X extends E {", new: "public class X extends D {"}}},
	{name: "cycle broken", fallback: true, edits: []fileEdit{{path: pX, old: "public class X extends D {", new: "public class X extends E {"}}},
	{name: "incremental again", edits: []fileEdit{{path: pBase, old: "    public void run() {", new: "    public void stop() {\n    }\n\n    public void run() {"}}},
	{name: "type id declared twice", fallback: true, edits: []fileEdit{{path: "src/main/java/a/Dup.java", new: "package a;\n\nclass Helper {\n}\n"}}},
	{name: "edit elsewhere while the duplicate stays", fallback: true, edits: []fileEdit{{path: pBase, old: "    public void stop() {", new: "    public void stop(int now) {"}}},
	{name: "duplicate removed", fallback: true, edits: []fileEdit{{path: "src/main/java/a/Dup.java", delete: true}}},
	{name: "classes extend each other (no lookup cycle)", edits: []fileEdit{
		{path: "src/main/java/a/P.java", new: "package a;\n\npublic class P extends Q implements Runnable {\n    public void run() {}\n}\n"},
		{path: "src/main/java/a/Q.java", new: "package a;\n\npublic class Q extends P {\n    public void run() {}\n}\n"},
	}},
	{name: "subclass of the loop", edits: []fileEdit{{path: "src/main/java/a/R.java", new: "package a;\n\npublic class R extends Q {\n    public void run() {}\n}\n"}}},
	{name: "loop broken", edits: []fileEdit{{path: "src/main/java/a/P.java", old: "extends Q implements", new: "implements"}}},
	{name: "type renamed", edits: []fileEdit{{path: pOther, old: "public static class Node", new: "public static class Knot"}}},
	{name: "late supertype resolves", edits: []fileEdit{{path: pLate, old: "import e.*;", new: "import e.*;\nimport a.Other.*;"}}},
	{name: "on-demand import of a type appears", edits: []fileEdit{{path: pOther, old: "public static class Knot", new: "public static class Util"}}},
}

// TestDeriveIndex applies each step to the project and checks that deriving the index
// gives exactly buildIndex's, leaves the old index untouched, names every type whose
// summary changed, and that Update gives exactly BuildGraph's graph.
func TestDeriveIndex(t *testing.T) {
	dir := "delta"
	src := deltaSource()
	g := BuildGraph(snapshotFromSource(t, dir, src))
	for i, step := range deltaSteps {
		label := fmt.Sprintf("step %d (%s)", i, step.name)
		changed := map[string]bool{}
		var paths []string
		for _, e := range step.edits {
			src = applyFileEdit(t, src, e)
			changed[e.path] = true
			paths = append(paths, e.path)
		}
		s := snapshotFromSource(t, dir, src)
		want := BuildGraph(s)
		before := dumpIndex(g.idx)
		got, ch, ok := deriveIndex(g.idx, g.snap, s, changed)
		if ok == step.fallback {
			t.Errorf("%s: deriveIndex ok = %v, want %v", label, ok, !step.fallback)
		}
		if ok {
			assertSameIndex(t, label, want.idx, got)
			assertCoversSummaryChanges(t, label, g.idx, want.idx, ch)
		}
		ng := g.Update(s, paths)
		if before != dumpIndex(g.idx) {
			t.Errorf("%s: the old index was modified", label)
		}
		assertSameGraph(t, label, want, ng)
		assertSameIndex(t, label+" (after Update)", want.idx, ng.idx)
		g = ng
	}
}

// assertCoversSummaryChanges checks that ch names every type whose summary differs between
// the two indexes, and every package that appeared or vanished.
func assertCoversSummaryChanges(t *testing.T, label string, old, cur *index, ch *indexChange) {
	t.Helper()
	for id := range allSummaryTypes(old, cur) {
		os, inOld := old.summary[id]
		ns, inNew := cur.summary[id]
		if (inOld != inNew || os != ns) && !ch.types[id] {
			t.Errorf("%s: summary of %s changed but is not among the changed types", label, id)
		}
	}
	want := changedPackages(old, cur)
	sort.Strings(want)
	if !slices.Equal(want, ch.packages) {
		t.Errorf("%s: changed packages %v, want %v", label, ch.packages, want)
	}
}

// TestDeriveIndexRandomEdits applies random structural edits to a generated project (new
// nested types, new supertypes, renamed, deleted and restored classes, several files at
// once) and checks each derived index and updated graph against a rebuild.
func TestDeriveIndexRandomEdits(t *testing.T) {
	dir := t.TempDir()
	const classes = 120
	if err := javagen.Write(dir, javagen.Options{Classes: classes, TestClasses: 15, Seed: 5}); err != nil {
		t.Fatal(err)
	}
	orig := readJavaTree(t, dir)
	src := memSource{}
	for k, v := range orig {
		src[k] = v
	}
	rng := rand.New(rand.NewSource(7))
	g := BuildGraph(snapshotFromSource(t, dir, src))
	steps := 40
	if testing.Short() {
		steps = 10
	}
	className := func(i int) string { return fmt.Sprintf("C%04d", i) }
	for step := 0; step < steps; step++ {
		changed := map[string]bool{}
		var paths []string
		var what []string
		for n := 1 + rng.Intn(2); n > 0; n-- {
			i := rng.Intn(classes)
			p := javagen.ClassPath(i)
			cur := string(src[p])
			var next string
			switch op := rng.Intn(6); {
			case cur == "":
				next, what = string(orig[p]), append(what, "restore "+className(i))
			case op == 0:
				next, what = "", append(what, "delete "+className(i))
			case op == 1: // a nested type extending another class, found by simple name
				j := rng.Intn(classes)
				nested := fmt.Sprintf("    public static class N%d extends %s {\n        public int m0(int x) {\n            return x;\n        }\n    }\n\n", step, className(j))
				next = strings.Replace(cur, "    public int m0(int x) {", nested+"    public int m0(int x) {", 1)
				what = append(what, fmt.Sprintf("nest N%d extends %s in %s", step, className(j), className(i)))
			case op == 2: // a new superclass in another package, by qualified name
				j := rng.Intn(classes)
				q := strings.TrimSuffix(strings.ReplaceAll(strings.TrimPrefix(javagen.ClassPath(j), "src/main/java/"), "/", "."), ".java")
				next = strings.Replace(cur, "public class "+className(i)+" ", "public class "+className(i)+" extends "+q+" ", 1)
				what = append(what, fmt.Sprintf("%s extends %s", className(i), q))
			case op == 3: // a renamed class: its id vanishes and a new one appears
				next = strings.Replace(cur, "public class "+className(i)+" ", "public class "+className(i)+"x ", 1)
				what = append(what, "rename "+className(i))
			case op == 4: // a new method
				next = strings.Replace(cur, "    public int m0(int x) {", fmt.Sprintf("    public int extra%d(int x) {\n        return x;\n    }\n\n    public int m0(int x) {", step), 1)
				what = append(what, "method in "+className(i))
			default: // an on-demand import of the class's own package's sibling
				next = strings.Replace(cur, "\nimport ", "\nimport com.example.p00.*;\nimport ", 1)
				what = append(what, "import in "+className(i))
			}
			if next == cur {
				continue
			}
			e := fileEdit{path: p, delete: next == "" && cur != ""}
			if next != "" {
				if cur == "" {
					e.new = next
				} else {
					e.old, e.new = cur, next
				}
			}
			src = applyFileEdit(t, src, e)
			if !changed[p] {
				changed[p] = true
				paths = append(paths, p)
			}
		}
		label := fmt.Sprintf("step %d (%s)", step, strings.Join(what, "; "))
		s := snapshotFromSource(t, dir, src)
		want := BuildGraph(s)
		if got, ch, ok := deriveIndex(g.idx, g.snap, s, changed); ok {
			assertSameIndex(t, label, want.idx, got)
			assertCoversSummaryChanges(t, label, g.idx, want.idx, ch)
		} else if !g.idx.cyclic && !want.idx.cyclic {
			t.Errorf("%s: deriveIndex gave up without a cycle", label)
		}
		g = g.Update(s, paths)
		assertSameGraph(t, label, want, g)
		if t.Failed() {
			return
		}
	}
}
