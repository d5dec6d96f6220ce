package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// compiledNote returns the incremental-compile note of a result ("" after a full build).
func compiledNote(res *Result) string {
	for _, n := range res.Notes {
		if strings.HasPrefix(n, "incremental compile:") {
			return n
		}
	}
	return ""
}

func TestIncrementalCompileIsFasterAndCorrect(t *testing.T) {
	root, cache := fixture(t, "junit4")
	// Bulk up the main sources so a full build costs noticeably more than one file.
	for i := range 100 {
		src := fmt.Sprintf("package calc.bulk;\n\npublic class Filler%d {\n    public int value(int x) {\n        return x * %d + new java.util.ArrayList<String>().size();\n    }\n}\n", i, i)
		p := filepath.Join(root, "src/main/java/calc/bulk", fmt.Sprintf("Filler%d.java", i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sel := []Selector{{Class: "calc.FractionTest"}}
	first := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: sel})
	if compiledNote(first) != "" {
		t.Fatalf("first run was incremental: %v", first.Notes)
	}
	if r := result(t, first, "calc.FractionTest", "negatesValue"); r.Status != StatusFailed {
		t.Fatalf("negatesValue = %+v", r)
	}

	// Nothing changed: nothing compiled.
	same := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: sel})
	if same.CompileMs > first.CompileMs/4 {
		t.Errorf("unchanged run compiled for %d ms (first %d ms)", same.CompileMs, first.CompileMs)
	}

	// Edit production code on disk: Fraction and the test that mentions it recompile.
	rel := "src/main/java/calc/Fraction.java"
	data, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	fixed := strings.Replace(string(data), "return new Fraction(num, den);", "return new Fraction(-num, den);", 1)
	if err := os.WriteFile(filepath.Join(root, rel), []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	second := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: sel})
	t.Logf("first compile %d ms, incremental %d ms (%s), unchanged %d ms; launcher %d ms",
		first.CompileMs, second.CompileMs, compiledNote(second), same.CompileMs, second.RunMs)
	if note := compiledNote(second); note != "incremental compile: 2 of 102 sources" {
		t.Errorf("note = %q", note)
	}
	if second.CompileMs >= first.CompileMs {
		t.Errorf("incremental compile %d ms not faster than first %d ms", second.CompileMs, first.CompileMs)
	}
	if r := result(t, second, "calc.FractionTest", "negatesValue"); r.Status != StatusPassed {
		t.Errorf("after edit negatesValue = %+v", r)
	}

	// Deleting a source that others use turns into a compile error, not stale classes.
	if err := os.Remove(filepath.Join(root, rel)); err != nil {
		t.Fatal(err)
	}
	third := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: sel})
	if len(third.CompileErrors) == 0 || third.CompileErrors[0].File != "src/test/java/calc/FractionTest.java" {
		t.Errorf("after delete: %+v", third.CompileErrors)
	}
	if err := os.WriteFile(filepath.Join(root, rel), []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	fourth := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: sel})
	if r := result(t, fourth, "calc.FractionTest", "negatesValue"); r.Status != StatusPassed || compiledNote(fourth) == "" {
		t.Errorf("after restore negatesValue = %+v, notes %v", r, fourth.Notes)
	}
}

func TestKilledCompileLeavesNoTrustedState(t *testing.T) {
	root, cache := fixture(t, "junit5")
	sel := []Selector{{Class: "shop.CartTest", Method: "totalsItems"}}
	mustRun(t, Request{Root: root, CacheDir: cache, Selectors: sel})
	s := newShadowTree(cache)
	// Simulate a run killed after invalidating the manifest and half-writing classes.
	if err := invalidateManifest(s.manifest); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(s.mainOut, "shop", "Cart.class"), []byte("torn"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: sel})
	if compiledNote(res) != "" {
		t.Errorf("trusted a cache without manifest: %v", res.Notes)
	}
	if r := result(t, res, "shop.CartTest", "totalsItems"); r.Status != StatusPassed {
		t.Errorf("totalsItems = %+v", r)
	}
}
