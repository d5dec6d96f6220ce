package selection

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/slicing"
)

// A test that failed recently and is also affected by the edit: the units the edit affects
// are credited to the edit (the change lens counts them), and the test's other units stay
// selected for the failure.
func TestEditWinsOverRecentlyFailed(t *testing.T) {
	dir := fixtureRepo(t, filepath.Join("..", "testdata", "editors", "sample"))
	applyEdit(t, dir, safetyEdit{"negate", "src/main/java/demo/Complex.java", "new Complex(-re, -im)", "new Complex(-re, im)"})
	ctx := context.Background()
	cur, err := analysis.Build(ctx, dir, analysis.DirSource{Root: dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	src, _, err := analysis.RevisionSource(dir, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	base, err := analysis.Build(ctx, dir, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	tests, err := slicing.DiscoverWith(cur, cur.Read, slicing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, failed := range [][]string{nil, {"demo.ComplexTest#testNegate"}} {
		in := Input{BaseName: "HEAD", Base: base, Cur: cur, BaseGraph: analysis.BuildGraph(base), CurGraph: analysis.BuildGraph(cur),
			Tests: tests, RecentlyFailed: failed}
		got := map[int][]string{} // line of a testNegate unit -> because
		for _, u := range Select(in).Units {
			if u.Test == "demo.ComplexTest#testNegate" {
				got[u.Line] = u.Because
			}
		}
		const change = "demo.Complex#negate()"
		for _, line := range []int{14, 15} {
			if !slices.Contains(got[line], change) {
				t.Errorf("failed=%v: unit at line %d because %v, want the edit %s", failed, line, got[line], change)
			}
		}
		if failed == nil {
			if _, ok := got[12]; ok {
				t.Errorf("line 12 reads c before negate() and was selected: %v", got[12])
			}
			continue
		}
		if !slices.Equal(got[12], []string{RecentlyFailedReason}) {
			t.Errorf("the unaffected unit at line 12 of a recently failed test: because %v, want [%s]", got[12], RecentlyFailedReason)
		}
	}
}
