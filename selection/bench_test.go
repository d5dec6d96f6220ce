package selection

import (
	"context"
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
// index is warm: re-parse the edited file, update the graph by delta, re-discover tests and
// select. Target: ≤ 20 ms.
func BenchmarkSelectAfterOneMethodEdit(b *testing.B) {
	dir := benchProject(b)
	ctx := context.Background()
	base, err := analysis.Build(ctx, dir, analysis.DirSource{Root: dir}, nil)
	if err != nil {
		b.Fatal(err)
	}
	baseGraph := analysis.BuildGraph(base)
	tests, err := slicing.DiscoverWith(base, base.Read, slicing.Options{})
	if err != nil {
		b.Fatal(err)
	}
	var rel string
	for _, p := range base.SortedPaths() {
		if !base.Files[p].Test && strings.Contains(p, "/p13/") {
			rel = p
			break
		}
	}
	src, _ := base.Read(rel)
	i := strings.Index(string(src), "return ")
	edited := []byte(string(src[:i]) + "return 1 + " + string(src[i+len("return "):]))
	b.ResetTimer()
	var units, selected int
	for n := 0; n < b.N; n++ {
		cur := base.WithFile(rel, edited)
		g := baseGraph.Update(cur, []string{rel})
		res := Select(Input{BaseName: "HEAD", Base: base, Cur: cur, BaseGraph: baseGraph, CurGraph: g, Tests: tests, Level: slicing.LevelAssertion})
		units, selected = len(res.Units), res.Totals.SelectedAssertions
	}
	b.ReportMetric(float64(units), "units")
	b.ReportMetric(float64(selected), "assertions")
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
