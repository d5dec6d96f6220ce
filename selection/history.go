package selection

import "github.com/assertlens/assertlens/selection/runner"

// RecentlyFailed returns the ids of tests that failed in the recent runs recorded in the
// cache; an absent or corrupt history means none.
func RecentlyFailed(cacheDir string) []string {
	h, err := runner.LoadHistory(cacheDir)
	if err != nil || h == nil {
		return nil
	}
	return h.RecentlyFailed()
}
