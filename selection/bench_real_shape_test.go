package selection

import (
	"context"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/analysis/javagen"
	"github.com/assertlens/assertlens/slicing"
)

// The BenchmarkLibrary* benchmarks run on the library-shaped project (javagen.Library:
// interface hierarchies six levels deep with calls on interface-typed receivers, bounded
// generics, anonymous classes, lambdas and method references, JUnit 4 abstract test
// classes inherited by several subclasses, long test files; about 1,600 files and 355k
// lines, like commons-math 3.6.1), written once under the temp dir by javagen.SharedLibrary.

func libraryProject(b *testing.B) string {
	b.Helper()
	dir, err := javagen.SharedLibrary()
	if err != nil {
		b.Fatal(err)
	}
	return dir
}

// reportMemory reports the live heap and the process's peak RSS so far (which includes
// whatever the benchmark binary held before).
func reportMemory(b *testing.B) {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heap-MB")
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err == nil {
		b.ReportMetric(float64(ru.Maxrss)/1024, "maxrss-MB") // Linux: kilobytes
	}
}

// BenchmarkLibraryColdStart measures the steps of a start with an empty cache on the
// library project: parsing every file, building the dependency graph, discovering and
// slicing every test, and resolving the test statements' targets (Memo.Warm).
func BenchmarkLibraryColdStart(b *testing.B) {
	dir := libraryProject(b)
	ctx := context.Background()
	var s *analysis.Snapshot
	b.Run("index", func(b *testing.B) {
		for b.Loop() {
			var err error
			if s, err = analysis.Build(ctx, dir, analysis.DirSource{Root: dir}, nil); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(s.Stats().Lines), "lines")
		b.ReportMetric(float64(len(s.Files)), "files")
		reportMemory(b)
	})
	if s == nil { // index filtered out by -bench
		var err error
		if s, err = analysis.Build(ctx, dir, analysis.DirSource{Root: dir}, nil); err != nil {
			b.Fatal(err)
		}
	}
	var g *analysis.Graph
	b.Run("graph", func(b *testing.B) {
		for b.Loop() {
			g = analysis.BuildGraph(s)
		}
		b.ReportMetric(float64(len(g.Edges())), "edges")
		reportMemory(b)
	})
	if g == nil {
		g = analysis.BuildGraph(s)
	}
	var tests []*slicing.TestClass
	b.Run("discover", func(b *testing.B) {
		for b.Loop() {
			var err error
			if tests, err = slicing.DiscoverWith(s, s.Read, slicing.Options{}); err != nil {
				b.Fatal(err)
			}
		}
		reportMemory(b)
	})
	if tests == nil {
		var err error
		if tests, err = slicing.DiscoverWith(s, s.Read, slicing.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("warm-memo", func(b *testing.B) {
		for b.Loop() {
			m := &Memo{}
			m.Warm(g, s, tests)
		}
		reportMemory(b)
	})
}

// BenchmarkLibrarySelectFirstEdit is BenchmarkSelectAfterOneMethodEdit on the library
// project: with the index warm (graph built, tests discovered, statement targets
// memoised), a first edit (nothing to reuse from an earlier selection) of each of
// javagen.LibraryEdits, from a leaf helper to FastOps.abs, which nearly everything calls:
// the graph is updated by delta for the edited file, then the selection is made. The
// "hub-keystroke" case types inside FastOps.abs, where the last selection is reused.
func BenchmarkLibrarySelectFirstEdit(b *testing.B) {
	base, baseGraph, tests := indexedProject(b, libraryProject(b))
	memo := &Memo{}
	memo.Warm(baseGraph, base, tests)
	edited := func(b *testing.B, e javagen.EditPoint) []byte {
		src, err := base.Read(e.Path)
		if err != nil {
			b.Fatal(err)
		}
		if strings.Count(string(src), e.Old) != 1 {
			b.Fatalf("%q not found once in %s", e.Old, e.Path)
		}
		return []byte(strings.Replace(string(src), e.Old, e.New, 1))
	}
	edits := javagen.LibraryEdits(javagen.Library)
	for _, e := range edits {
		b.Run(e.Name, func(b *testing.B) {
			content := edited(b, e)
			f := analysis.ParseSource(e.Path, content)
			var units, selected, methods int
			for b.Loop() {
				memo.forgetLast() // a first edit: no earlier selection to reuse
				cur := base.WithParsedFile(f, content)
				g := baseGraph.Update(cur, []string{e.Path})
				res := Select(Input{BaseName: "HEAD", Base: base, Cur: cur, BaseGraph: baseGraph, CurGraph: g,
					Tests: tests, Level: slicing.LevelAssertion, Memo: memo})
				units, selected, methods = len(res.Units), res.Totals.SelectedAssertions, res.Totals.SelectedTestMethods
			}
			b.ReportMetric(float64(units), "units")
			b.ReportMetric(float64(selected), "assertions")
			b.ReportMetric(float64(methods), "testmethods")
			reportMemory(b)
		})
	}
	// Typing inside the hub method: two versions alternate, each graph updated from the
	// previous one, as the server does keystroke by keystroke.
	b.Run("hub-keystroke", func(b *testing.B) {
		e := edits[len(edits)-1]
		v1 := edited(b, e)
		v2 := []byte(strings.Replace(string(v1), e.New, strings.Replace(e.New, "0.0 - x", "0.0 - x * 1.0", 1), 1))
		versions := [2][]byte{v1, v2}
		files := [2]*analysis.File{analysis.ParseSource(e.Path, v1), analysis.ParseSource(e.Path, v2)}
		g := baseGraph
		n := 0
		var units int
		for b.Loop() {
			cur := base.WithParsedFile(files[n%2], versions[n%2])
			g = g.Update(cur, []string{e.Path})
			res := Select(Input{BaseName: "HEAD", Base: base, Cur: cur, BaseGraph: baseGraph, CurGraph: g,
				Tests: tests, Level: slicing.LevelAssertion, Memo: memo})
			units = len(res.Units)
			n++
		}
		b.ReportMetric(float64(units), "units")
	})
}
