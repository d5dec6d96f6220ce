package selection

import (
	"bufio"
	"encoding/gob"
	"fmt"
	"os"
	"path/filepath"

	"github.com/assertlens/assertlens/analysis"
)

const lastRunFile = "lastrun-sources.gob"

// SaveRunSources stores the Java sources a run used, so the "lastRun" baseline can compare
// later edits with exactly what was last tested. Written atomically.
func SaveRunSources(cacheDir string, s *analysis.Snapshot) error {
	files := map[string][]byte{}
	for rel := range s.Files {
		b, err := s.Read(rel)
		if err != nil {
			continue
		}
		files[rel] = b
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return fmt.Errorf("create cache dir: %w", err)
	}
	tmp, err := os.CreateTemp(cacheDir, "lastrun-*.tmp")
	if err != nil {
		return fmt.Errorf("save run sources: %w", err)
	}
	defer os.Remove(tmp.Name())
	w := bufio.NewWriter(tmp)
	if err := gob.NewEncoder(w).Encode(files); err != nil {
		tmp.Close()
		return fmt.Errorf("encode run sources: %w", err)
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		return fmt.Errorf("write run sources: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("close run sources: %w", err)
	}
	if err := os.Rename(tmp.Name(), filepath.Join(cacheDir, lastRunFile)); err != nil {
		return fmt.Errorf("install run sources: %w", err)
	}
	return nil
}

// LoadRunSources returns the sources of the last run, or nil when there was none. A
// corrupt file is treated as absent.
func LoadRunSources(cacheDir string) (analysis.Source, error) {
	fh, err := os.Open(filepath.Join(cacheDir, lastRunFile))
	if err != nil {
		return nil, nil
	}
	defer fh.Close()
	var files map[string][]byte
	if err := gob.NewDecoder(bufio.NewReader(fh)).Decode(&files); err != nil {
		return nil, nil
	}
	return analysis.MemorySource{Name: BaselineLastRun, Files: files}, nil
}
