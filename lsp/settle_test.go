package lsp_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/assertlens/assertlens/lsp"
	"github.com/assertlens/assertlens/lsp/lsptest"
	"github.com/assertlens/assertlens/selection/coverage"
)

// recordingFake is a fake engine that can record coverage: it notes what the engine holds
// for the file under edit when a run starts.
type recordingFake struct {
	*fakeEngine
	started chan []byte
}

func (r recordingFake) RecordCoverage(ctx context.Context, progress func(done, total int)) (*coverage.Store, error) {
	r.started <- r.content(complexJava)
	return &coverage.Store{}, nil
}

// TestCoverageAfterSaveRecordsTheSavedSources saves after an edit that is still waiting
// for the debounce (its burst's timer never fires here): the coverage run the save starts
// must see that edit, not the state the worker last selected.
func TestCoverageAfterSaveRecordsTheSavedSources(t *testing.T) {
	timers := &lsp.FakeTimers{}
	started := make(chan []byte, 4)
	h := startHarness(t, harnessOpts{timers: timers,
		cfg:  lsptest.Config{InitializationOptions: map[string]any{"debounceMs": 20, "recordCoverageOnSave": true}},
		wrap: func(f *fakeEngine) lsp.Engine { return recordingFake{f, started} }})
	ctx := h.ctx()
	f := h.fake()
	if err := h.ed.OpenFile(ctx, complexJava); err != nil {
		t.Fatal(err)
	}
	h.quietAfterOpen(ctx, timers, f)
	before, _, _, _ := f.stats()
	// The burst's first edit is selected at once; the second waits for the timer.
	if err := h.ed.EditFile(ctx, complexJava, "return Math.hypot(re, im);", "return Math.hypot(re, im) ;"); err != nil {
		t.Fatal(err)
	}
	if err := h.ed.WaitFor(ctx, "the first edit selected", func() bool {
		s, _, _, _ := f.stats()
		return s > before && bytes.Contains(f.content(complexJava), []byte("hypot(re, im) ;"))
	}); err != nil {
		t.Fatal(err)
	}
	arms := timers.Arms()
	if err := h.ed.EditFile(ctx, complexJava, "return Math.hypot(re, im) ;", "return Math.hypot(re, im) * 1;"); err != nil {
		t.Fatal(err)
	}
	if err := h.ed.WaitFor(ctx, "the second edit seen", func() bool { return timers.Arms() > arms }); err != nil {
		t.Fatal(err)
	}
	if err := h.ed.SaveFile(ctx, complexJava); err != nil {
		t.Fatal(err)
	}
	select {
	case got := <-started:
		if !bytes.Contains(got, []byte("hypot(re, im) * 1;")) {
			t.Fatalf("the coverage run after the save saw the sources before the saved edit:\n%s", got)
		}
	case <-ctx.Done():
		t.Fatal("no coverage run after the save")
	}
}
