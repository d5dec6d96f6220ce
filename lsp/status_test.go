package lsp_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/lsp/lsptest"
	"github.com/assertlens/assertlens/selection"
	"github.com/assertlens/assertlens/slicing"
)

// A client that shows run results itself (experimental capability showsResults) gets the
// run's result and no second popup from the server; one that asks for assertlens/status
// gets the lenses' counts, failures included. A client without the capability still gets
// the server's summary (TestRunResultsShowFailuresAndClearPassed).
func TestClientShowingResultsGetsOnePopupAndStatus(t *testing.T) {
	h := startHarness(t, harnessOpts{
		cfg: lsptest.Config{Experimental: map[string]any{"assertlens": map[string]any{"showsResults": true, "status": true}}},
		setup: func(f *fakeEngine) {
			f.run = func(ctx context.Context, ids []string) (*selection.RunResult, error) {
				return &selection.RunResult{
					Units: []selection.RunUnit{
						{ID: "demo.ComplexTest#testNegate:12", Test: "demo.ComplexTest#testNegate", Level: slicing.LevelAssertion,
							Line: 12, Status: "passed", File: complexTest},
						{ID: "demo.ComplexTest#testNegate:13", Test: "demo.ComplexTest#testNegate", Level: slicing.LevelAssertion,
							Line: 13, Status: "failed", Message: "expected: <-2.0> but was: <2.0>", File: complexTest},
					},
					Totals: selection.RunTotals{Selected: 2, Passed: 1, Failed: 1},
				}, nil
			}
		}})
	ctx := h.ctx()
	_ = h.ed.OpenFile(ctx, complexJava)
	_ = h.ed.EditFile(ctx, complexJava, negateBody, negateEdited)
	if _, err := h.ed.WaitForDiagnostics(ctx, complexTest, hasN(2)); err != nil {
		t.Fatal(err)
	}
	lastStatus := func() map[string]int {
		ns := h.ed.Notifications("assertlens/status")
		if len(ns) == 0 {
			return nil
		}
		var st map[string]int
		_ = json.Unmarshal(ns[len(ns)-1], &st)
		return st
	}
	if err := h.ed.WaitFor(ctx, "status with 2 affected assertions", func() bool { return lastStatus()["assertions"] == 2 }); err != nil {
		t.Fatalf("%v: %v", err, lastStatus())
	}
	res, err := h.ed.ExecuteCommand(ctx, "assertlens.runUnits", "demo.ComplexTest#testNegate:12", "demo.ComplexTest#testNegate:13")
	if err != nil || !strings.Contains(string(res), `"failed"`) {
		t.Fatalf("run: %s %v", res, err)
	}
	if err := h.ed.WaitFor(ctx, "status with the run's outcome", func() bool {
		st := lastStatus()
		return st["failed"] == 1 && st["passed"] == 1 && st["assertions"] == 2
	}); err != nil {
		t.Fatalf("%v: %v", err, lastStatus())
	}
	for _, m := range h.ed.Messages() {
		if strings.Contains(m.Message, "passed") || strings.Contains(m.Message, "failed") {
			t.Errorf("the server popped up the run result the client shows itself: %q", m.Message)
		}
	}
	if _, err := h.ed.ExecuteCommand(ctx, "assertlens.showWhy", "demo.ComplexTest#testNegate:13"); err != nil {
		t.Fatal(err)
	}
	for _, m := range h.ed.Messages() {
		if strings.Contains(m.Message, "is affected") {
			t.Errorf("the server popped up the show-why text the client shows itself: %q", m.Message)
		}
	}
}
