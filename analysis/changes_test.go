package analysis

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// edit is one textual edit applied to a copy of testdata/changes/base.
type edit struct {
	file string // relative path
	old  string // text to replace ("" with new == "" deletes the file; old == "" creates it)
	new  string
}

// changeCases are the before/after pairs: each applies edits to the base project and
// compares the computed changes with testdata/changes/golden/<name>.json.
var changeCases = []struct {
	name  string
	edits []edit
}{
	{"comment", []edit{{"src/main/java/shapes/Util.java", "return Math.min(v, LIMIT);", "return Math.min(v, LIMIT); // cap it"}}},
	{"javadoc", []edit{{"src/main/java/shapes/Shape.java", "/** Base of all shapes. */", "/**\n * Base of all shapes,\n * now documented.\n */"}}},
	{"reformat", []edit{{"src/main/java/shapes/Util.java", "public static int clamp(int v) {\n        return Math.min(v, LIMIT);\n    }", "public static int clamp( int v )\n    {\n        return Math.min( v,\n            LIMIT );\n    }"}}},
	{"reorder-members", []edit{{"src/main/java/shapes/Util.java", "    public int bump() {\n        return ++counter;\n    }\n", ""}, {"src/main/java/shapes/Util.java", "    @Deprecated", "    public int bump() {\n        return ++counter;\n    }\n\n    @Deprecated"}}},
	{"method-body", []edit{{"src/main/java/shapes/Circle.java", "return Math.PI * radius * radius;", "return 3.14 * radius * radius;"}}},
	{"constructor-body", []edit{{"src/main/java/shapes/Circle.java", "this.radius = radius;", "this.radius = Math.abs(radius);"}}},
	{"static-initializer", []edit{{"src/main/java/shapes/Shape.java", "created = 0;", "created = 1;"}}},
	{"instance-initializer", []edit{{"src/main/java/shapes/Shape.java", "created++;", "created += 2;"}}},
	{"lambda-body", []edit{{"src/main/java/shapes/Circle.java", "System.out.println(describe())", "System.err.println(describe())"}}},
	{"anonymous-class", []edit{{"src/main/java/shapes/Circle.java", `return "circle " + radius;`, `return "round " + radius;`}}},
	{"nested-class-method", []edit{{"src/main/java/shapes/Circle.java", "hits = new Counter().next(hits);", "hits = new Counter().next(hits) + 0;"}}},
	{"local-class", []edit{{"src/main/java/shapes/Circle.java", "int next(int x) { return x + 1; }", "int next(int x) { return x + 2; }"}}},
	{"enum-constant-body", []edit{{"src/main/java/shapes/Color.java", `return "green!";`, `return "GREEN!";`}}},
	{"enum-constant-args", []edit{{"src/main/java/shapes/Color.java", "BLUE(0, 0, 255)", "BLUE(0, 0, 254)"}}},
	{"record-compact-constructor", []edit{{"src/main/java/shapes/Point.java", `throw new IllegalArgumentException("x");`, `throw new IllegalStateException("x");`}}},
	{"record-components", []edit{{"src/main/java/shapes/Point.java", "record Point(int x, int y)", "record Point(int x, int y, int z)"}}},
	{"interface-default-method", []edit{{"src/main/java/shapes/Named.java", `return "hello " + name();`, `return "hi " + name();`}}},
	{"generics-varargs-id", []edit{{"src/main/java/shapes/Shape.java", "double sum = 0;", "double sum = 0.0;"}}},
	{"annotation-added", []edit{{"src/main/java/shapes/Util.java", "    public int bump() {", "    @SuppressWarnings(\"unused\")\n    public int bump() {"}}},
	{"class-annotation", []edit{{"src/main/java/shapes/Util.java", "public class Util {", "@Deprecated\npublic class Util {"}}},
	{"rename-method", []edit{{"src/main/java/shapes/Util.java", "public int legacy() {", "public int oldStyle() {"}}},
	{"rename-class", []edit{{"src/main/java/shapes/Point.java", "", ""}, {"src/main/java/shapes/Spot.java", "", "package shapes;\n\npublic record Spot(int x, int y) {\n    public Spot {\n        if (x < 0) throw new IllegalArgumentException(\"x\");\n    }\n\n    public int manhattan() {\n        return Math.abs(x) + Math.abs(y);\n    }\n}\n"}}},
	{"access-modifier", []edit{{"src/main/java/shapes/Util.java", "public int bump()", "protected int bump()"}}},
	{"class-access-modifier", []edit{{"src/main/java/shapes/Util.java", "public class Util {", "class Util {"}}},
	{"throws-clause", []edit{{"src/main/java/shapes/Util.java", "throws IOException {", "throws IOException, InterruptedException {"}}},
	{"field-added-plain", []edit{{"src/main/java/shapes/Util.java", "    int counter;", "    int counter;\n    long stamp;"}}},
	{"field-added-initialized", []edit{{"src/main/java/shapes/Util.java", "    int counter;", "    int counter;\n    long stamp = System.nanoTime();"}}},
	{"field-removed", []edit{{"src/main/java/shapes/Util.java", "    private int unused;\n", ""}}},
	{"field-reinitialised", []edit{{"src/main/java/shapes/Shape.java", `private String label = "shape";`, `private String label = "figure";`}}},
	{"field-type-changed", []edit{{"src/main/java/shapes/Util.java", "    int counter;", "    long counter;"}}},
	{"constant-changed", []edit{{"src/main/java/shapes/Util.java", "static final int LIMIT = 10;", "static final int LIMIT = 12;"}}},
	{"first-constructor-added-called-by-qualified-new", []edit{
		{"src/main/java/shapes/Util.java", "    int counter;", "    int counter;\n\n    public Util(int start) {\n        counter = start;\n    }"},
		{"src/main/java/shapes/Circle.java", "return Math.PI * radius * radius;", "return Math.PI * radius * radius + new shapes.Util(0).bump() * 0;"}}},
	{"method-added-unused", []edit{{"src/main/java/shapes/Util.java", "    @Deprecated", "    public int fresh() {\n        return 7;\n    }\n\n    @Deprecated"}}},
	{"test-added", []edit{{"src/test/java/shapes/CircleTest.java", "    @Test\n    public void area() {", "    @Test\n    public void fresh() {\n        assertEquals(1, 1);\n    }\n\n    @Test\n    public void area() {"}}},
	{"test-helper-added-unused", []edit{{"src/test/java/shapes/CircleTest.java", "    @Test\n    public void area() {", "    private int unused() {\n        return 1;\n    }\n\n    @Test\n    public void area() {"}}},
	{"method-added-called", []edit{{"src/main/java/shapes/Util.java", "    @Deprecated", "    public int clamp(int v, int hi) {\n        return Math.min(v, hi);\n    }\n\n    @Deprecated"}}},
	{"override-added", []edit{{"src/main/java/shapes/Circle.java", "    public Runnable printer() {", "    @Override\n    public String describe() {\n        return \"circle\";\n    }\n\n    public Runnable printer() {"}}},
	{"override-removed", []edit{{"src/main/java/shapes/Color.java", "        @Override\n        public String pretty() {\n            return \"green!\";\n        }\n", ""}}},
	{"file-deleted", []edit{{"src/main/java/shapes/Named.java", "", ""}}},
	{"file-added", []edit{{"src/main/java/shapes/Square.java", "", "package shapes;\n\npublic class Square extends Shape {\n    @Override\n    public double area() {\n        return 1;\n    }\n}\n"}}},
	{"half-typed", []edit{{"src/main/java/shapes/Util.java", "    public int bump() {\n        return ++counter;\n    }", "    public int bump() {\n        return ++counter;\n    }\n\n    public int half( {\n        return counter."}}},
	{"half-typed-with-edit", []edit{{"src/main/java/shapes/Util.java", "return Math.min(v, LIMIT);", "return Math.max(v, LIMIT);"}, {"src/main/java/shapes/Util.java", "    @Deprecated", "    public void broken() { int x = ; }\n\n    @Deprecated"}}},
	{"test-method-edit", []edit{{"src/test/java/shapes/CircleTest.java", "assertEquals(10, Util.clamp(99));", "assertEquals(10, Util.clamp(100));"}}},
}

// compareGolden compares got with the golden file at path, or rewrites it under -update.
func compareGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden (run with -update to create it): %v", err)
	}
	if !bytes.Equal(want, got) {
		t.Errorf("output differs from %s (run with -update and review the diff):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func readTree(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = b
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func applyEdits(t *testing.T, files map[string][]byte, edits []edit) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for k, v := range files {
		out[k] = v
	}
	for _, e := range edits {
		cur, ok := out[e.file]
		switch {
		case e.old == "" && e.new == "":
			delete(out, e.file)
		case e.old == "" && !ok:
			out[e.file] = []byte(e.new)
		default:
			if !bytes.Contains(cur, []byte(e.old)) {
				t.Fatalf("edit of %s: text %q not found", e.file, e.old)
			}
			out[e.file] = bytes.Replace(cur, []byte(e.old), []byte(e.new), 1)
		}
	}
	return out
}

func snapshotOf(t testing.TB, name string, files map[string][]byte) *Snapshot {
	t.Helper()
	s, err := Build(context.Background(), "/"+name, MemorySource{Name: name, Files: files}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestChangesGolden(t *testing.T) {
	base := readTree(t, "../testdata/changes/base")
	for _, tc := range changeCases {
		t.Run(tc.name, func(t *testing.T) {
			after := applyEdits(t, base, tc.edits)
			oldSnap, newSnap := snapshotOf(t, "base", base), snapshotOf(t, "after", after)
			got := Diff(oldSnap, newSnap)
			if got == nil {
				got = []Change{}
			}
			b, err := json.MarshalIndent(got, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			b = append(b, '\n')
			compareGolden(t, filepath.Join("..", "testdata", "changes", "golden", tc.name+".json"), b)
		})
	}
}

// TestNoChangeForIdenticalTrees guards the fast path: equal content means no change at all.
func TestNoChangeForIdenticalTrees(t *testing.T) {
	base := readTree(t, "../testdata/changes/base")
	if got := Diff(snapshotOf(t, "a", base), snapshotOf(t, "b", base)); len(got) != 0 {
		t.Fatalf("identical trees produced changes: %+v", got)
	}
}

// TestIdsFollowDesign pins the identifier format of DESIGN.md on the base project.
func TestIdsFollowDesign(t *testing.T) {
	s := snapshotOf(t, "base", readTree(t, "../testdata/changes/base"))
	want := []string{
		"shapes.Shape#total(List,Map,int[])",
		"shapes.Shape#<clinit>",
		"shapes.Shape#<init-block>",
		"shapes.Shape#<init>()",
		"shapes.Shape#label",
		"shapes.Circle.Cache#hit()",
		"shapes.Color#GREEN",
		"shapes.Color#<init>(int,int,int)",
		"shapes.Point#<init>(int,int)",
		"shapes.Point#x",
		"shapes.Named#greeting()",
	}
	have := map[string]bool{}
	for _, f := range s.Files {
		for _, ty := range f.Types {
			have[ty.ID] = true
			for _, m := range ty.Members {
				have[m.ID] = true
			}
		}
	}
	for _, id := range want {
		if !have[id] {
			var all []string
			for k := range have {
				all = append(all, k)
			}
			t.Errorf("missing id %s; have:\n%s", id, strings.Join(all, "\n"))
		}
	}
}
