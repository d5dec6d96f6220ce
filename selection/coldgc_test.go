package selection

import (
	"context"
	"path/filepath"
	"runtime/debug"
	"testing"
)

// gcPercent reads the garbage collector's target without changing it.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestColdStartRaisesGCTarget checks that a cold start (no index cache) runs with the
// raised collector target and restores the previous one when it is done, and that a warm
// start leaves it alone. Not parallel: the target is process-wide.
func TestColdStartRaisesGCTarget(t *testing.T) {
	t.Setenv("GOGC", "")
	dir := fixtureRepo(t, filepath.Join("..", "testdata", "safety", "shop"))
	before := gcPercent()
	for _, start := range []struct {
		name string
		want int
	}{{"cold", coldGCPercent}, {"warm", before}} {
		e, err := NewEngine(dir, Options{Baseline: BaselineHead})
		if err != nil {
			t.Fatal(err)
		}
		during := -1
		e.afterParse = func() { during = gcPercent() }
		if err := e.Index(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
		e.Flush() // the index cache is written: the next start is warm
		if during != start.want {
			t.Errorf("%s start: collector target %d while indexing, want %d", start.name, during, start.want)
		}
		if after := gcPercent(); after != before {
			t.Errorf("%s start: collector target %d after indexing, want %d restored", start.name, after, before)
		}
	}
}
