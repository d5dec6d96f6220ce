package javagen

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteIsDeterministic(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	opt := Options{Classes: 60, TestClasses: 10, Seed: 7}
	if err := Write(a, opt); err != nil {
		t.Fatal(err)
	}
	if err := Write(b, opt); err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{ClassPath(0), ClassPath(59), TestPath(9, 60)} {
		x, err := os.ReadFile(filepath.Join(a, rel))
		if err != nil {
			t.Fatal(err)
		}
		y, err := os.ReadFile(filepath.Join(b, rel))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(x, y) {
			t.Errorf("%s differs between two runs with the same seed", rel)
		}
	}
	test, err := os.ReadFile(filepath.Join(a, TestPath(3, 60)))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(test), "@Test"); n < 3 {
		t.Errorf("test class has %d tests, want several", n)
	}
}

func TestWriteRejectsEmptyProject(t *testing.T) {
	if err := Write(t.TempDir(), Options{}); err == nil {
		t.Fatal("want an error for zero classes")
	}
}

func TestWriteUnchangedForLayeredShape(t *testing.T) {
	// The zero Shape is the layered project: the same bytes with or without it.
	a, b := t.TempDir(), t.TempDir()
	if err := Write(a, Options{Classes: 60, TestClasses: 10, Seed: 7}); err != nil {
		t.Fatal(err)
	}
	if err := Write(b, Options{Classes: 60, TestClasses: 10, Seed: 7, Shape: ShapeLayered}); err != nil {
		t.Fatal(err)
	}
	if x, y := readTree(t, a), readTree(t, b); !equalTrees(x, y) {
		t.Fatal("explicit ShapeLayered writes another project")
	}
	if _, err := os.Stat(filepath.Join(a, "src/main/java/org/example/lib")); err == nil {
		t.Fatal("layered project has library files")
	}
}

func TestLibraryShapeIsDeterministicAndHasTheFeatures(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	opt := Options{Shape: ShapeLibrary, Classes: 150, TestClasses: 80, Seed: 4}
	if err := Write(a, opt); err != nil {
		t.Fatal(err)
	}
	if err := Write(b, opt); err != nil {
		t.Fatal(err)
	}
	x, y := readTree(t, a), readTree(t, b)
	if !equalTrees(x, y) {
		t.Fatal("two library projects with the same options differ")
	}
	other := t.TempDir()
	if err := Write(other, Options{Shape: ShapeLibrary, Classes: 150, TestClasses: 80, Seed: 5}); err != nil {
		t.Fatal(err)
	}
	if equalTrees(x, readTree(t, other)) {
		t.Error("another seed writes the same project")
	}
	var all, tests strings.Builder
	mainFiles, testFiles, abstractTests, longTests := 0, 0, 0, 0
	for rel, data := range x {
		switch {
		case strings.HasPrefix(rel, "src/main/java/"):
			mainFiles++
			all.Write(data)
		case strings.HasPrefix(rel, "src/test/java/"):
			testFiles++
			all.Write(data)
			tests.Write(data)
			if bytes.Contains(data, []byte("public abstract class Abstract")) && bytes.Contains(data, []byte("@Test")) {
				abstractTests++
			}
			if n := bytes.Count(data, []byte("\n")); n >= 2000 && n <= 5100 {
				longTests++
			}
		}
	}
	if mainFiles < 140 || mainFiles > 160 || testFiles < 60 || testFiles > 100 {
		t.Errorf("%d production and %d test files, want about 150 and 80", mainFiles, testFiles)
	}
	src := all.String()
	for _, c := range []struct {
		what, text string
		least      int
	}{
		{"anonymous Function classes", "new Function() {", 50},
		{"anonymous classes of a package interface", "Function() {\n            @Override\n            public double value", 60},
		{"lambdas", " -> ", 60},
		{"method references", "::", 40},
		{"bounded type variables", "<T extends Element<T>>", 15},
		{"intersection bounds", "<T extends Element<T> & Comparable<T>>", 2},
		{"generic methods", "public <R extends Element<R>>", 20},
		{"List-typed fields", "private final List<", 20},
		{"Map-typed fields", "private final Map<", 20},
		{"interfaces extending two interfaces", "Differentiable extends ", 5},
		{"deepest interfaces", "Bounded<T>, Converter<T, Double>", 5},
		{"calls on interface-typed receivers", "inner.value(", 40},
		{"cross-package interface-typed receivers", "other.value(x)", 10},
		{"enum constants with bodies", "    FAST {", 5},
		{"expected-exception tests", "@Test(expected = LibException.class)", 10},
		{"factory hooks overridden by subclass tests", "protected Abstract", 20},
	} {
		if n := strings.Count(src, c.text); n < c.least {
			t.Errorf("%s: %d (%q), want at least %d", c.what, n, c.text, c.least)
		}
	}
	if abstractTests < 5 {
		t.Errorf("%d abstract test classes with tests, want several", abstractTests)
	}
	if longTests < 1 {
		t.Error("no test file of 2,000 to 5,000 lines")
	}
	if n := strings.Count(tests.String(), "assertEquals("); n < 2000 {
		t.Errorf("%d assertEquals in the tests, want many", n)
	}
	for _, e := range LibraryEdits(opt) {
		data, ok := x[e.Path]
		if !ok {
			t.Errorf("edit %s: no file %s", e.Name, e.Path)
			continue
		}
		if n := bytes.Count(data, []byte(e.Old)); n != 1 {
			t.Errorf("edit %s: %q found %d times in %s, want once", e.Name, e.Old, n, e.Path)
		}
		if _, ok := x[e.Test]; !ok {
			t.Errorf("edit %s: no test file %s", e.Name, e.Test)
		}
	}
}

func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func equalTrees(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || !bytes.Equal(v, w) {
			return false
		}
	}
	return true
}
