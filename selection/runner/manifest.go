package runner

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/assertlens/assertlens/analysis/atomicfile"
	"os"
)

// manifestVersion changes whenever the shadow tree's layout or meaning changes.
const manifestVersion = 1

// manifest records what the shadow tree holds after the last successful (or cleanly
// failed) compile: the hash of every shadow source and its phase. It is deleted before
// the shadow tree is touched and written back only when the compile finished, so a run
// killed half-way leaves no manifest and the next run rebuilds everything.
type manifest struct {
	Version int                      `json:"version"`
	Key     string                   `json:"key"` // release, javac and classpath fingerprint
	Files   map[string]manifestEntry `json:"files"`
}

// manifestEntry is one shadow source. An empty Hash marks a file whose classes are not
// trustworthy (it was part of a compile that failed) and must be recompiled.
type manifestEntry struct {
	Hash string `json:"hash"`
	Test bool   `json:"test"`
}

// loadManifest reads the manifest; a missing, corrupt or outdated one yields nil.
func loadManifest(path, key string) *manifest {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var m manifest
	if json.Unmarshal(data, &m) != nil || m.Version != manifestVersion || m.Key != key || m.Files == nil {
		return nil
	}
	return &m
}

// invalidateManifest removes the manifest before the shadow tree changes.
func invalidateManifest(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("invalidate manifest: %w", err)
	}
	return nil
}

// save writes the manifest atomically.
func (m *manifest) save(path string) error {
	data, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("encode manifest: %w", err)
	}
	return atomicfile.Write(path, data)
}
