package runner

import (
	"context"
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

// bulkUp adds 100 main sources nothing uses, so a full build costs more than one file.
func bulkUp(t testing.TB, root string) {
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
}

// TestIncrementalCompileIsCorrect checks what an incremental compile recompiles (the
// edited file and those using it), that an unchanged tree compiles nothing, and that the
// results are those of a full build. How much faster it is belongs to
// BenchmarkIncrementalCompile.
func TestIncrementalCompileIsCorrect(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "junit4")
	bulkUp(t, root)
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
	for _, n := range same.Notes {
		if strings.HasPrefix(n, "incremental compile:") || strings.HasPrefix(n, "full rebuild") {
			t.Errorf("unchanged run compiled: %q", n)
		}
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
	t.Parallel()
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

// BenchmarkIncrementalCompile measures a run after a one-file edit against a full build
// (report both with -benchtime 3x; the first iteration is the full build).
func BenchmarkIncrementalCompile(b *testing.B) {
	root, cache := fixture(b, "junit4")
	bulkUp(b, root)
	sel := []Selector{{Class: "calc.FractionTest"}}
	rel := filepath.Join(root, "src/main/java/calc/Fraction.java")
	data, err := os.ReadFile(rel)
	if err != nil {
		b.Fatal(err)
	}
	full, err := Run(context.Background(), Request{Root: root, CacheDir: cache, Selectors: sel})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(full.CompileMs), "full-compile-ms")
	b.ResetTimer()
	var total int64
	for i := 0; i < b.N; i++ {
		edited := strings.Replace(string(data), "return new Fraction(num, den);", fmt.Sprintf("return new Fraction(num + %d - %d, den);", i, i), 1)
		if err := os.WriteFile(rel, []byte(edited), 0o644); err != nil {
			b.Fatal(err)
		}
		res, err := Run(context.Background(), Request{Root: root, CacheDir: cache, Selectors: sel})
		if err != nil {
			b.Fatal(err)
		}
		total += res.CompileMs
	}
	b.ReportMetric(float64(total)/float64(b.N), "incremental-compile-ms")
}
