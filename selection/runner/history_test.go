package runner

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
)

func TestHistoryRecordsAndReportsRecentlyFailed(t *testing.T) {
	dir := t.TempDir()
	h, err := LoadHistory(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if !h.LastRunAt().IsZero() || len(h.RecentlyFailed()) != 0 {
		t.Fatal("fresh history not empty")
	}
	run := func(aStatus string) {
		t.Helper()
		err := h.Record(&Result{Tests: []TestResult{
			{Class: "p.ATest", Method: "a", Status: aStatus},
			{Class: "p.BTest", Method: "b", Status: StatusPassed},
		}})
		if err != nil {
			t.Fatal(err)
		}
	}
	run(StatusFailed)
	if got := h.RecentlyFailed(); !reflect.DeepEqual(got, []string{"p.ATest#a"}) {
		t.Errorf("RecentlyFailed = %v", got)
	}
	for range HistoryDepth - 1 {
		run(StatusPassed)
	}
	// Reloaded from disk: the failure is still within the last N runs.
	h2, _ := LoadHistory(dir, "")
	if got := h2.RecentlyFailed(); !reflect.DeepEqual(got, []string{"p.ATest#a"}) {
		t.Errorf("reloaded RecentlyFailed = %v", got)
	}
	if h2.LastRunAt().IsZero() {
		t.Error("LastRunAt not stored")
	}
	run(StatusPassed) // the failure drops out of the window
	if got := h.RecentlyFailed(); len(got) != 0 {
		t.Errorf("RecentlyFailed after %d passes = %v", HistoryDepth, got)
	}
	if got := h.Outcomes("p.ATest#a"); len(got) != HistoryDepth {
		t.Errorf("outcomes kept = %v", got)
	}

	// A corrupt file is ignored.
	if err := os.WriteFile(filepath.Join(dir, "history.json"), []byte(`{"version":1,"tests":{"x#y":["exploded"]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	h3, err := LoadHistory(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(h3.RecentlyFailed()) != 0 || !h3.LastRunAt().IsZero() {
		t.Error("corrupt history trusted")
	}
	if err := os.WriteFile(filepath.Join(dir, "history.json"), []byte(`{"vers`), 0o644); err != nil {
		t.Fatal(err)
	}
	if h4, err := LoadHistory(dir, ""); err != nil || len(h4.RecentlyFailed()) != 0 {
		t.Errorf("truncated history: %v %v", h4, err)
	}
}

// A new repository at the same path (same cache directory) must not inherit the old one's
// failures; the same repository keeps them across loads.
func TestHistoryBelongsToItsRepository(t *testing.T) {
	cache := t.TempDir()
	root := filepath.Join(t.TempDir(), "project")
	newRepo := func(msg string) {
		t.Helper()
		if err := os.RemoveAll(root); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(root, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, "README"), []byte(msg), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", msg}} {
			cmd := exec.Command("git", append([]string{"-C", root}, args...)...)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("git %v: %v\n%s", args, err, out)
			}
		}
	}
	newRepo("first")
	first := RepoIdentity(root)
	if first == "" {
		t.Fatal("no identity for a git repository with a commit")
	}
	h, _ := LoadHistory(cache, first)
	if err := h.Record(&Result{Tests: []TestResult{{Class: "p.ATest", Method: "a", Status: StatusFailed}}}); err != nil {
		t.Fatal(err)
	}
	if again, _ := LoadHistory(cache, RepoIdentity(root)); !reflect.DeepEqual(again.RecentlyFailed(), []string{"p.ATest#a"}) {
		t.Errorf("same repository lost its failures: %v", again.RecentlyFailed())
	}

	newRepo("second") // another repository, same path
	second := RepoIdentity(root)
	if second == first {
		t.Fatalf("identity %q did not change with the repository", second)
	}
	h2, _ := LoadHistory(cache, second)
	if got := h2.RecentlyFailed(); len(got) != 0 {
		t.Errorf("new repository inherited failures %v", got)
	}
	// Recording for the new repository replaces the old one's history rather than merging.
	if err := h2.Record(&Result{Tests: []TestResult{{Class: "p.BTest", Method: "b", Status: StatusError}}}); err != nil {
		t.Fatal(err)
	}
	if h3, _ := LoadHistory(cache, second); !reflect.DeepEqual(h3.RecentlyFailed(), []string{"p.BTest#b"}) {
		t.Errorf("after recording, RecentlyFailed = %v", h3.RecentlyFailed())
	}

	if id := RepoIdentity(t.TempDir()); id != "" {
		t.Errorf("folder without git: identity %q, want empty", id)
	}
}
