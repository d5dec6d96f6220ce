package runner

import (
	"context"
	"encoding/json"
	"github.com/assertlens/assertlens/internal/atomicfile"

	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"
)

// HistoryDepth is how many recent outcomes are kept per test.
const HistoryDepth = 5

// historyVersion changes when the history file's format does.
const historyVersion = 1

// History is the record of recent test outcomes for a workspace, stored in the cache
// directory. It feeds "recently failed" selection and the last-run baseline.
type History struct {
	mu   sync.Mutex
	path string
	data historyFile
}

// historyFile is the stored form.
type historyFile struct {
	Version int                 `json:"version"`
	LastRun time.Time           `json:"lastRun"`
	Tests   map[string][]string `json:"tests"` // id -> statuses, oldest first
}

// LoadHistory reads the history of a cache directory. A missing or corrupt file yields
// an empty history (a corrupt one is never trusted).
func LoadHistory(cacheDir string) (*History, error) {
	if cacheDir == "" {
		return nil, fmt.Errorf("load history: no cache directory")
	}
	h := &History{path: filepath.Join(cacheDir, "history.json")}
	h.data = readHistoryFile(h.path)
	return h, nil
}

// readHistoryFile returns the stored history, or an empty one when it is missing or
// not valid.
func readHistoryFile(path string) historyFile {
	empty := historyFile{Version: historyVersion, Tests: map[string][]string{}}
	data, err := os.ReadFile(path)
	if err != nil {
		return empty
	}
	var f historyFile
	if json.Unmarshal(data, &f) != nil || f.Version != historyVersion || f.Tests == nil {
		return empty
	}
	for id, outcomes := range f.Tests {
		for _, o := range outcomes {
			if _, ok := statusRank[o]; !ok {
				return empty
			}
		}
		if len(outcomes) > HistoryDepth {
			f.Tests[id] = outcomes[len(outcomes)-HistoryDepth:]
		}
	}
	return f
}

// Record adds the outcomes of a run (one per test id "pkg.Class#method") and writes the
// history atomically. Runs with compile errors record nothing but the time. Records from
// other processes since loading are merged in, under a lock in the cache directory.
func (h *History) Record(res *Result) error {
	if res == nil {
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	lock, err := lockFile(ctx, h.path+".lock")
	if err != nil {
		return fmt.Errorf("record history: %w", err)
	}
	defer lock.unlock()
	cur := readHistoryFile(h.path)
	for _, t := range res.Tests {
		if t.Method == "" {
			continue
		}
		o := append(cur.Tests[t.ID()], t.Status)
		if len(o) > HistoryDepth {
			o = o[len(o)-HistoryDepth:]
		}
		cur.Tests[t.ID()] = o
	}
	cur.LastRun = time.Now().UTC()
	data, err := json.Marshal(cur)
	if err != nil {
		return fmt.Errorf("encode history: %w", err)
	}
	if err := atomicfile.Write(h.path, data); err != nil {
		return fmt.Errorf("record history: %w", err)
	}
	h.data = cur
	return nil
}

// RecentlyFailed returns, sorted, the ids of tests that failed or errored in any of
// their last HistoryDepth recorded runs.
func (h *History) RecentlyFailed() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var ids []string
	for id, outcomes := range h.data.Tests {
		for _, o := range outcomes {
			if o == StatusFailed || o == StatusError {
				ids = append(ids, id)
				break
			}
		}
	}
	sort.Strings(ids)
	return ids
}

// Outcomes returns the recorded statuses of a test id, oldest first.
func (h *History) Outcomes(id string) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.data.Tests[id]...)
}

// LastRunAt returns when a run was last recorded (zero if never).
func (h *History) LastRunAt() time.Time {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.data.LastRun
}
