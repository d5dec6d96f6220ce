package selection

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/analysis/atomicfile"
)

// graphCacheFile holds the dependency graph of the last indexed state, so that starting
// again on the same sources skips resolving every file (on a large project the longest
// step of a warm start).
const graphCacheFile = "graph.bin"

// graphKey is what a stored graph must match to stand in for the graph of s.
func graphKey(s *analysis.Snapshot) (uint64, bool) { return derivedKey(s, "graph", "") }

// restoreGraph reads the graph stored in dir if it was made under key; ok is false when
// there is none, it was made from other sources, or it cannot be read (a damaged cache is
// ignored, never trusted).
func restoreGraph(dir string, key uint64, s *analysis.Snapshot) (g *analysis.Graph, ok bool) {
	f, err := os.Open(filepath.Join(dir, graphCacheFile))
	if err != nil {
		return nil, false
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	var stored uint64
	if err := binary.Read(r, binary.LittleEndian, &stored); err != nil || stored != key {
		return nil, false
	}
	g, err = analysis.RestoreGraph(s, r)
	if err != nil {
		return nil, false
	}
	return g, true
}

// storeGraph writes g, built under key, to dir (atomically).
func storeGraph(dir string, key uint64, g *analysis.Graph) error {
	err := atomicfile.WriteFunc(filepath.Join(dir, graphCacheFile), func(w io.Writer) error {
		if err := binary.Write(w, binary.LittleEndian, key); err != nil {
			return err
		}
		return g.Encode(w)
	})
	if err != nil {
		return fmt.Errorf("store graph: %w", err)
	}
	return nil
}

// CachedGraph returns the graph of s as an engine's Index gets it: restored from the cache
// folder dir when it was stored for the same sources by the same program, else built, and
// then stored for the next time (a store that fails is only a lost shortcut).
func CachedGraph(dir string, s *analysis.Snapshot) *analysis.Graph {
	key, keyed := graphKey(s)
	if keyed {
		if g, ok := restoreGraph(dir, key, s); ok {
			return g
		}
	}
	g := analysis.BuildGraph(s)
	if keyed {
		_ = storeGraph(dir, key, g)
	}
	return g
}
