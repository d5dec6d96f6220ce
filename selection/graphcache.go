package selection

import (
	"encoding/json"
	"io"
	"strconv"

	"github.com/assertlens/assertlens/analysis"
)

// graphCacheFile holds the dependency graph of the last indexed state, so that starting
// again on the same sources skips resolving every file (on a large project the longest
// step of a warm start).
const graphCacheFile = "graph.bin"

// graphKey is what a stored graph must match to stand in for the graph of s.
func graphKey(s *analysis.Snapshot) (uint64, bool) { return derivedKey(s, "graph", "") }

// restoreGraph reads the graph stored in dir under key (see readDerived).
func restoreGraph(dir string, key uint64, s *analysis.Snapshot) (*analysis.Graph, bool) {
	return readDerived(dir, graphCacheFile, key, func(r io.Reader) (*analysis.Graph, error) { return analysis.RestoreGraph(s, r) })
}

// storeGraph writes g, built under key, to dir.
func storeGraph(dir string, key uint64, g *analysis.Graph) error {
	return writeDerived(dir, graphCacheFile, key, g.Encode)
}

// CachedGraph returns the graph of s as an engine's Index gets it: restored from the cache
// folder dir when it was stored for the same sources by the same program, else built, and
// then stored for the next time (a store that fails is only a lost shortcut).
func CachedGraph(dir string, s *analysis.Snapshot) *analysis.Graph {
	g, stored, _ := graphOf(dir, s)
	stored()
	return g
}

// graphOf returns the graph of s: the stored one (restored true) when it was made from the
// same sources by the same program, otherwise a new one, which it then stores in the
// background; stored waits for that and returns why it failed, nil when it did not.
func graphOf(dir string, s *analysis.Snapshot) (g *analysis.Graph, stored func() error, restored bool) {
	key, keyed := graphKey(s)
	if keyed {
		if g, ok := restoreGraph(dir, key, s); ok {
			return g, func() error { return nil }, true
		}
	}
	g = analysis.BuildGraph(s)
	if !keyed {
		return g, func() error { return nil }, false
	}
	done := make(chan error, 1)
	go func() { done <- storeGraph(dir, key, g) }()
	return g, func() error { return <-done }, false
}

// graphStatsCacheFile holds the statistics `index` reports of the last indexed state's graph.
const graphStatsCacheFile = "graph-stats.json"

// CachedGraphStats returns CachedGraph(dir, s).Stats(top). Statistics stored for the same
// sources by the same program are read back without the graph: restoring it and walking
// back from the widest members took most of a warm `index`.
func CachedGraphStats(dir string, s *analysis.Snapshot, top int) analysis.GraphStats {
	key, keyed := derivedKey(s, "graph-stats", strconv.Itoa(top))
	if keyed {
		if st, ok := readDerived(dir, graphStatsCacheFile, key, func(r io.Reader) (st analysis.GraphStats, err error) {
			err = json.NewDecoder(r).Decode(&st)
			return st, err
		}); ok {
			return st
		}
	}
	st := CachedGraph(dir, s).Stats(top)
	if keyed {
		// A failed write only costs the next run the walk.
		_ = writeDerived(dir, graphStatsCacheFile, key, func(w io.Writer) error { return json.NewEncoder(w).Encode(st) })
	}
	return st
}
