package selection

import (
	"errors"
	"fmt"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection/runner"
)

// RecentlyFailed returns the ids of tests that failed in the recent runs recorded in the
// cache for the repository at root; an absent or corrupt history, or one recorded for
// another repository at the same path, means none.
func RecentlyFailed(cacheDir, root string) []string {
	h, err := runner.LoadHistory(cacheDir, runner.RepoIdentity(root))
	if err != nil || h == nil {
		return nil
	}
	return h.RecentlyFailed()
}

// RecordRun stores a run's outcomes in the history and its sources as the last-run state.
// Failures to write are returned for the caller to log: they cost precision later, never
// safety.
func RecordRun(cacheDir string, cur *analysis.Snapshot, res *runner.Result) error {
	var errs []error
	h, err := runner.LoadHistory(cacheDir, runner.RepoIdentity(cur.Root))
	if err == nil && h != nil {
		if err := h.Record(res); err != nil {
			errs = append(errs, fmt.Errorf("run history not saved: %w", err))
		}
	}
	if err := SaveRunSources(cacheDir, cur); err != nil {
		errs = append(errs, fmt.Errorf("last-run sources not saved: %w", err))
	}
	return errors.Join(errs...)
}
