package runner

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestHistoryRecordsAndReportsRecentlyFailed(t *testing.T) {
	dir := t.TempDir()
	h, err := LoadHistory(dir)
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
	h2, _ := LoadHistory(dir)
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
	h3, err := LoadHistory(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(h3.RecentlyFailed()) != 0 || !h3.LastRunAt().IsZero() {
		t.Error("corrupt history trusted")
	}
	if err := os.WriteFile(filepath.Join(dir, "history.json"), []byte(`{"vers`), 0o644); err != nil {
		t.Fatal(err)
	}
	if h4, err := LoadHistory(dir); err != nil || len(h4.RecentlyFailed()) != 0 {
		t.Errorf("truncated history: %v %v", h4, err)
	}
}
