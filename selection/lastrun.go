package selection

import (
	"bufio"
	"encoding/gob"
	"fmt"
	"github.com/assertlens/assertlens/analysis/atomicfile"
	"io"
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
	// Build files and resources too: without them the baseline would see every one of them
	// as added and select every test.
	for rel := range s.Other {
		if b, err := s.Read(rel); err == nil {
			files[rel] = b
		}
	}
	err := atomicfile.WriteFunc(filepath.Join(cacheDir, lastRunFile), func(w io.Writer) error {
		return gob.NewEncoder(w).Encode(files)
	})
	if err != nil {
		return fmt.Errorf("save run sources: %w", err)
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
