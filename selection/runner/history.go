package runner

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/assertlens/assertlens/analysis/atomicfile"
)

// HistoryDepth is how many recent outcomes are kept per test.
const HistoryDepth = 5

// historyVersion changes when the history file's format does.
const historyVersion = 1

// History is the record of recent test outcomes for a workspace, stored in the cache
// directory. It feeds "recently failed" selection and the last-run baseline.
//
// The cache directory is named after the workspace's path, so the history also records which
// repository it belongs to (see RepoIdentity): a different repository later cloned at the
// same path starts with an empty history instead of inheriting the old one's failures.
type History struct {
	mu   sync.Mutex
	path string
	repo string
	data historyFile
}

// historyFile is the stored form.
type historyFile struct {
	Version int                 `json:"version"`
	Repo    string              `json:"repo,omitempty"` // RepoIdentity of the workspace
	LastRun time.Time           `json:"lastRun"`
	Tests   map[string][]string `json:"tests"` // id -> statuses, oldest first
}

// LoadHistory reads the history of a cache directory for the repository with the given
// identity (RepoIdentity of the workspace root). A missing or corrupt file, or one recorded
// for another repository, yields an empty history (neither is ever trusted).
func LoadHistory(cacheDir, repo string) (*History, error) {
	if cacheDir == "" {
		return nil, fmt.Errorf("load history: no cache directory")
	}
	h := &History{path: filepath.Join(cacheDir, "history.json"), repo: repo}
	h.data = readHistoryFile(h.path, repo)
	return h, nil
}

// readHistoryFile returns the stored history of repository repo, or an empty one when it is
// missing, not valid or another repository's.
func readHistoryFile(path, repo string) historyFile {
	empty := historyFile{Version: historyVersion, Repo: repo, Tests: map[string][]string{}}
	data, err := os.ReadFile(path)
	if err != nil {
		return empty
	}
	var f historyFile
	if json.Unmarshal(data, &f) != nil || f.Version != historyVersion || f.Tests == nil || f.Repo != repo {
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
	cur := readHistoryFile(h.path, h.repo)
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

// repoIDs caches RepoIdentity per workspace root: selection asks on every keystroke, and
// the answer changes only when the repository does.
var repoIDs sync.Map // root -> repoID

type repoID struct {
	stamp os.FileInfo // of root/.git, else of root, when id was computed
	id    string
}

// RepoIdentity names the repository at root by its root commits (the commits without
// parents reachable from HEAD), which a different repository cloned or created at the same
// path does not share. It is "" when root is not in a git repository or has no commit yet:
// such a workspace is known by its path alone. The answer is cached while root/.git (or
// root) keeps its identity and modification time, so a repository replaced in place is
// noticed and an unchanged one costs one stat.
func RepoIdentity(root string) string {
	stampPath := filepath.Join(root, ".git")
	st, err := os.Stat(stampPath)
	if err != nil {
		if st, err = os.Stat(root); err != nil {
			return ""
		}
	}
	if v, ok := repoIDs.Load(root); ok {
		c := v.(repoID)
		if os.SameFile(c.stamp, st) && c.stamp.ModTime().Equal(st.ModTime()) {
			return c.id
		}
	}
	cmd := exec.Command("git", "-C", root, "rev-list", "--max-parents=0", "HEAD")
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0")
	out, err := cmd.Output()
	id := ""
	if err == nil {
		roots := strings.Fields(string(out))
		sort.Strings(roots)
		id = strings.Join(roots, ",")
	}
	repoIDs.Store(root, repoID{stamp: st, id: id})
	return id
}
