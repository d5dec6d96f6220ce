package selection

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/analysis/javagen"
	"github.com/assertlens/assertlens/slicing"
)

func benchProject(b *testing.B) string {
	b.Helper()
	dir, err := javagen.Shared()
	if err != nil {
		b.Fatal(err)
	}
	return dir
}

// BenchmarkSelectAfterOneMethodEdit measures what the server does per keystroke once the
// index is warm (graph built, tests discovered, statement targets memoised): update the
// graph by delta for the re-parsed file, then select. Three first edits (nothing to reuse
// from an earlier selection): a hub method most of the project depends on, a method in the
// middle, and a leaf; then keystrokes inside the hub method, where the last selection is
// reused. The "cold-memo" case also starts without statement targets (as after a re-index),
// and "after-declaration-edit" follows an edit elsewhere that makes the graph resolve some
// test files again. Target: ≤ 20 ms.
func BenchmarkSelectAfterOneMethodEdit(b *testing.B) {
	base, baseGraph, tests := indexedProject(b, benchProject(b))
	memo := &Memo{}
	memo.Warm(baseGraph, base, tests)
	cases := []struct {
		name     string
		class, k int
		coldMemo bool
	}{
		{"hub-first-edit", 5, 0, false},
		{"middle-first-edit", 2000, 0, false},
		{"leaf-first-edit", 957, 6, false},
		{"hub-cold-memo", 5, 0, true},
	}
	// Typing inside the hub method: two versions of one line alternate, each graph updated
	// from the previous one, as the server does keystroke by keystroke.
	b.Run("hub-keystroke", func(b *testing.B) {
		rel := javagen.ClassPath(5)
		v1 := editMethod(b, base, rel, 0)
		v2 := []byte(strings.Replace(string(v1), "return acc + 1;", "return acc + 2;", 1))
		versions := [2][]byte{v1, v2}
		files := [2]*analysis.File{analysis.ParseSource(rel, v1), analysis.ParseSource(rel, v2)}
		g := baseGraph
		n := 0
		var units int
		for b.Loop() {
			cur := base.WithParsedFile(files[n%2], versions[n%2])
			g = g.Update(cur, []string{rel})
			res := Select(Input{BaseName: "HEAD", Base: base, Cur: cur, BaseGraph: baseGraph, CurGraph: g,
				Tests: tests, Level: slicing.LevelAssertion, Memo: memo})
			units = len(res.Units)
			n++
		}
		b.ReportMetric(float64(units), "units")
	})
	// The hub edit after a declaration edit in an unrelated class: the resolution version
	// moves, but only the statements of test files the graph resolved again are resolved
	// again.
	b.Run("hub-after-declaration-edit", func(b *testing.B) {
		other := javagen.ClassPath(2400)
		src, err := base.Read(other)
		if err != nil {
			b.Fatal(err)
		}
		text := strings.Replace(string(src), "    public int m3(int x) {", "    public int extra(int x) {\n        return x;\n    }\n\n    public int m3(int x) {", 1)
		declared := base.WithFile(other, []byte(text))
		declaredGraph := baseGraph.Update(declared, []string{other})
		rel := javagen.ClassPath(5)
		edited := editMethod(b, base, rel, 0)
		f := analysis.ParseSource(rel, edited)
		var units int
		for b.Loop() {
			b.StopTimer()
			m := &Memo{}
			m.Warm(baseGraph, base, tests)
			b.StartTimer()
			cur := declared.WithParsedFile(f, edited)
			g := declaredGraph.Update(cur, []string{rel})
			res := Select(Input{BaseName: "HEAD", Base: base, Cur: cur, BaseGraph: baseGraph, CurGraph: g,
				Tests: tests, Level: slicing.LevelAssertion, Memo: m})
			units = len(res.Units)
		}
		b.ReportMetric(float64(units), "units")
	})
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			rel := javagen.ClassPath(c.class)
			edited := editMethod(b, base, rel, c.k)
			f := analysis.ParseSource(rel, edited)
			var units, selected, methods int
			for b.Loop() {
				m := memo
				if c.coldMemo {
					m = &Memo{}
				}
				m.forgetLast() // a first edit: no earlier selection to reuse
				cur := base.WithParsedFile(f, edited)
				g := baseGraph.Update(cur, []string{rel})
				res := Select(Input{BaseName: "HEAD", Base: base, Cur: cur, BaseGraph: baseGraph, CurGraph: g,
					Tests: tests, Level: slicing.LevelAssertion, Memo: m})
				units, selected, methods = len(res.Units), res.Totals.SelectedAssertions, res.Totals.SelectedTestMethods
			}
			b.ReportMetric(float64(units), "units")
			b.ReportMetric(float64(selected), "assertions")
			b.ReportMetric(float64(methods), "testmethods")
		})
	}
}

// indexedProject indexes the project in dir, builds its graph and discovers its tests.
func indexedProject(b *testing.B, dir string) (*analysis.Snapshot, *analysis.Graph, []*slicing.TestClass) {
	b.Helper()
	base, err := analysis.Build(context.Background(), dir, analysis.DirSource{Root: dir}, nil)
	if err != nil {
		b.Fatal(err)
	}
	tests, err := slicing.DiscoverWith(base, base.Read, slicing.Options{})
	if err != nil {
		b.Fatal(err)
	}
	return base, analysis.BuildGraph(base), tests
}

// editMethod changes the return statement of m<k> in a generated class.
func editMethod(b *testing.B, s *analysis.Snapshot, rel string, k int) []byte {
	b.Helper()
	src, err := s.Read(rel)
	if err != nil {
		b.Fatal(err)
	}
	text := string(src)
	i := strings.Index(text, fmt.Sprintf("public int m%d(int x) {", k))
	if i < 0 {
		b.Fatalf("m%d not found in %s", k, rel)
	}
	j := strings.Index(text[i:], "return acc;")
	if j < 0 {
		b.Fatalf("no return in m%d of %s", k, rel)
	}
	return []byte(text[:i+j] + "return acc + 1;" + text[i+j+len("return acc;"):])
}

// BenchmarkDiscoverTests measures re-discovering and slicing every test of the project.
func BenchmarkDiscoverTests(b *testing.B) {
	dir := benchProject(b)
	s, err := analysis.Build(context.Background(), dir, analysis.DirSource{Root: dir}, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		if _, err := slicing.DiscoverWith(s, s.Read, slicing.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
