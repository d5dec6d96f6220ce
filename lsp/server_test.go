package lsp_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/assertlens/assertlens/lsp"
	"github.com/assertlens/assertlens/lsp/lsptest"
	"github.com/assertlens/assertlens/selection"
	"github.com/assertlens/assertlens/slicing"
)

func hasN(n int) func([]protocol.Diagnostic) bool {
	return func(ds []protocol.Diagnostic) bool { return len(ds) == n }
}

func TestEditPublishesAndUndoClears(t *testing.T) {
	h := startHarness(t, harnessOpts{cfg: lsptest.Config{CodeLensRefresh: true}})
	ctx := h.ctx()
	if err := h.ed.OpenFile(ctx, complexJava); err != nil {
		t.Fatal(err)
	}
	if err := h.ed.EditFile(ctx, complexJava, negateBody, negateEdited); err != nil {
		t.Fatal(err)
	}
	ds, err := h.ed.WaitForDiagnostics(ctx, complexTest, hasN(2))
	if err != nil {
		t.Fatal(err)
	}
	d := ds[0]
	if d.Severity != protocol.DiagnosticSeverityInformation || d.Source != "assertlens" {
		t.Errorf("severity/source = %v/%q", d.Severity, d.Source)
	}
	want := "affected by your edit to Complex#negate() (via testNegate line 11)"
	if d.Message != want {
		t.Errorf("message = %q, want %q", d.Message, want)
	}
	// Line 12 is "        assertEquals(-1, n.re(), 0.0);": the range starts at its first
	// non-blank character and ends at the line's end.
	if d.Range.Start != (protocol.Position{Line: 11, Character: 8}) || d.Range.End != (protocol.Position{Line: 11, Character: 38}) {
		t.Errorf("range = %v", d.Range)
	}
	if len(d.RelatedInformation) != 1 || d.RelatedInformation[0].Location.URI != h.ed.URI(complexJava) ||
		d.RelatedInformation[0].Location.Range.Start.Line != 20 {
		t.Errorf("related = %+v", d.RelatedInformation)
	}
	if data, _ := json.Marshal(d.Data); string(data) != `{"unit":"demo.ComplexTest#testNegate:12"}` {
		t.Errorf("data = %s", data)
	}
	if err := h.ed.WaitFor(ctx, "lens refresh", func() bool { return h.ed.LensRefreshes() > 0 }); err != nil {
		t.Error(err)
	}

	// Undo: the diagnostics go away.
	if err := h.ed.EditFile(ctx, complexJava, negateEdited, negateBody); err != nil {
		t.Fatal(err)
	}
	if _, err := h.ed.WaitForDiagnostics(ctx, complexTest, hasN(0)); err != nil {
		t.Fatal(err)
	}
}

func TestCodeLenses(t *testing.T) {
	h := startHarness(t, harnessOpts{setup: func(f *fakeEngine) {
		f.units = func() []slicing.Unit { // testNegate has 2 assertions, testPlus 2, testAbs 1
			var us []slicing.Unit
			for _, l := range []int{12, 13} {
				us = append(us, slicing.Unit{Test: "demo.ComplexTest#testNegate", Class: "demo.ComplexTest", Level: slicing.LevelAssertion, Line: l})
			}
			for _, l := range []int{21, 22, 28} {
				us = append(us, slicing.Unit{Test: "demo.ComplexTest#other", Class: "demo.ComplexTest", Level: slicing.LevelAssertion, Line: l})
			}
			return us
		}
	}})
	ctx := h.ctx()
	_ = h.ed.OpenFile(ctx, complexJava)
	_ = h.ed.EditFile(ctx, complexJava, negateBody, negateEdited)
	if _, err := h.ed.WaitForDiagnostics(ctx, complexTest, hasN(2)); err != nil {
		t.Fatal(err)
	}
	lenses, err := h.ed.CodeLens(ctx, complexJava)
	if err != nil {
		t.Fatal(err)
	}
	if len(lenses) != 1 || lenses[0].Range.Start.Line != 20 || lenses[0].Command == nil ||
		lenses[0].Command.Title != "affects 2 assertions in 1 test ▸ run" || lenses[0].Command.Command != "assertlens.runUnits" {
		t.Fatalf("production lenses = %+v", lenses)
	}
	if args := lenses[0].Command.Arguments; len(args) != 2 || args[0] != "demo.ComplexTest#testNegate:12" {
		t.Errorf("lens arguments = %v", args)
	}
	lenses, err = h.ed.CodeLens(ctx, complexTest)
	if err != nil {
		t.Fatal(err)
	}
	titles := map[uint32]string{}
	for _, l := range lenses {
		titles[l.Range.Start.Line] = l.Command.Title
	}
	// The class lens sits on "class ComplexTest {" (line 7), the method lens on
	// "void testNegate() {" (line 9).
	if titles[6] != "2 of 5 assertions affected in 1 test ▸ run" || titles[8] != "2 of 2 assertions affected ▸ run" || len(titles) != 2 {
		t.Errorf("test lenses = %v", titles)
	}
}

func TestVersionedResultsDropOutdated(t *testing.T) {
	gate := make(chan struct{})
	entered := make(chan struct{}, 10)
	h := startHarness(t, harnessOpts{})
	ctx := h.ctx()
	f := h.fake()
	_ = h.ed.OpenFile(ctx, complexJava)
	// Let the initial selections settle, then hold the next Select until a newer edit exists.
	time.Sleep(100 * time.Millisecond)
	f.mu.Lock()
	f.selectGate = gate
	f.selectHook = func() { entered <- struct{}{} }
	f.mu.Unlock()
	_ = h.ed.EditFile(ctx, complexJava, negateBody, negateEdited) // version 2: affected
	select {
	case <-entered:
	case <-ctx.Done():
		t.Fatal("select not called")
	}
	_ = h.ed.EditFile(ctx, complexJava, negateEdited, negateBody) // version 3: undone
	time.Sleep(50 * time.Millisecond)                             // the server has applied version 3
	f.mu.Lock()
	f.selectGate, f.selectHook = nil, nil
	f.mu.Unlock()
	close(gate) // the version-2 result arrives now, for an outdated version
	if err := h.ed.WaitFor(ctx, "second select", func() bool { s, _, _, _ := f.stats(); return s >= 3 }); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	for _, ds := range h.ed.DiagnosticsHistory(complexTest) {
		if len(ds) > 0 {
			t.Fatalf("a result for an outdated version was published: %s", lsptest.FormatDiagnostics(ds))
		}
	}
	if !strings.Contains(h.logs.String(), "outdated") {
		t.Errorf("no log line about the dropped result")
	}
}

// TestDebounceCoalescesEdits checks the edit debounce: after a quiet spell the first edit
// of a burst is selected at once, and the rest of the burst restarts the debounce timer and
// leads to one more selection, run only when the timer fires. The timer is the test's own
// clock: no wall-clock margins.
func TestDebounceCoalescesEdits(t *testing.T) {
	timers := &lsp.FakeTimers{}
	h := startHarness(t, harnessOpts{timers: timers})
	ctx := h.ctx()
	f := h.fake()
	_ = h.ed.OpenFile(ctx, complexJava)
	h.quietAfterOpen(ctx, timers, f)
	before, _, _, _ := f.stats()
	arms := timers.Arms()
	for i := 0; i < 5; i++ {
		_ = h.ed.EditFile(ctx, complexJava, "return Math.hypot(re, im);", "return Math.hypot(re, im) ;")
		_ = h.ed.EditFile(ctx, complexJava, "return Math.hypot(re, im) ;", "return Math.hypot(re, im);")
	}
	if err := h.ed.WaitFor(ctx, "ten edits seen", func() bool { return timers.Arms() >= arms+10 }); err != nil {
		t.Fatal(err)
	}
	if err := h.ed.WaitFor(ctx, "the burst's first edit selected at once", func() bool { s, _, _, _ := f.stats(); return s > before }); err != nil {
		t.Fatal(err)
	}
	if now, _, _, _ := f.stats(); now != before+1 {
		t.Fatalf("%d selects ran before the debounce timer fired, want 1 (the burst's first edit)", now-before)
	}
	if n := timers.Fire(); n != 1 {
		t.Fatalf("%d debounce timers armed after a burst of edits, want 1", n)
	}
	if err := h.ed.WaitFor(ctx, "debounced select", func() bool { s, _, _, _ := f.stats(); return s > before+1 }); err != nil {
		t.Fatal(err)
	}
	if after, _, _, _ := f.stats(); after != before+2 {
		t.Errorf("%d selects for one burst of edits, want 2", after-before)
	}
	// A timer firing after a burst with no edit but its first selects nothing more.
	_ = h.ed.EditFile(ctx, complexJava, "return Math.hypot(re, im);", "return Math.hypot(re, im) ;")
	if err := h.ed.WaitFor(ctx, "a lone edit selected at once", func() bool { s, _, _, _ := f.stats(); return s > before+2 }); err != nil {
		t.Fatal(err)
	}
	if n := timers.Fire(); n != 1 {
		t.Fatalf("%d debounce timers armed after one edit, want 1", n)
	}
	if err := h.ed.WaitFor(ctx, "quiet after a lone edit", func() bool { return timers.Fire() == 0 }); err != nil {
		t.Fatal(err)
	}
	if after, _, _, _ := f.stats(); after != before+3 {
		t.Errorf("%d selects after a lone edit, want 1", after-before-2)
	}
}

func TestCancelRequestNumericAndStringIDs(t *testing.T) {
	started := make(chan struct{}, 4)
	h := startHarness(t, harnessOpts{setup: func(f *fakeEngine) {
		f.run = func(ctx context.Context, ids []string) (*selection.RunResult, error) {
			started <- struct{}{}
			<-ctx.Done()
			return nil, ctx.Err()
		}
	}})
	ctx := h.ctx()
	for _, id := range []string{`777`, `"run-1"`} {
		ch, err := h.ed.RawCall(id, "workspace/executeCommand", map[string]any{"command": "assertlens.runAffected"})
		if err != nil {
			t.Fatal(err)
		}
		select {
		case <-started:
		case <-ctx.Done():
			t.Fatal("run did not start")
		}
		// A request sent meanwhile is answered: requests do not wait for each other.
		if _, err := h.ed.CodeLens(ctx, complexJava); err != nil {
			t.Fatalf("codeLens while a run is in flight: %v", err)
		}
		if err := h.ed.Cancel(ctx, id); err != nil {
			t.Fatal(err)
		}
		select {
		case r := <-ch:
			if r.Error == nil || r.Error.Code != -32800 {
				t.Errorf("id %s: response %+v, want RequestCancelled", id, r)
			}
		case <-ctx.Done():
			t.Fatalf("id %s: no response after cancel", id)
		}
	}
}

// TestRunErrorReported checks that an engine that cannot run answers runAffected with
// an error naming the cause (running is never "not available").
func TestRunErrorReported(t *testing.T) {
	h := startHarness(t, harnessOpts{})
	_, err := h.ed.ExecuteCommand(h.ctx(), "assertlens.runAffected")
	if err == nil || !strings.Contains(err.Error(), "no run configured") {
		t.Fatalf("err = %v, want the engine's error", err)
	}
}

func TestRunResultsShowFailuresAndClearPassed(t *testing.T) {
	h := startHarness(t, harnessOpts{cfg: lsptest.Config{WorkDoneProgress: true}, setup: func(f *fakeEngine) {
		f.run = func(ctx context.Context, ids []string) (*selection.RunResult, error) {
			return &selection.RunResult{
				Units: []selection.RunUnit{
					{ID: "demo.ComplexTest#testNegate:12", Test: "demo.ComplexTest#testNegate", Level: slicing.LevelAssertion,
						Line: 12, Status: "passed", File: complexTest},
					{ID: "demo.ComplexTest#testNegate:13", Test: "demo.ComplexTest#testNegate", Level: slicing.LevelAssertion,
						Line: 13, Status: "failed", Message: "expected: <-2.0> but was: <2.0>", Expected: "-2.0", Actual: "2.0", File: complexTest},
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
	if _, err := h.ed.ExecuteCommand(ctx, "assertlens.runUnits", "demo.ComplexTest#testNegate:12", "demo.ComplexTest#testNegate:13"); err != nil {
		t.Fatal(err)
	}
	ds, err := h.ed.WaitForDiagnostics(ctx, complexTest, hasN(1))
	if err != nil {
		t.Fatal(err)
	}
	if ds[0].Severity != protocol.DiagnosticSeverityError || !strings.Contains(ds[0].Message, "expected: -2.0") || ds[0].Range.Start.Line != 12 {
		t.Errorf("failure diagnostic = %+v", ds[0])
	}
	msgs := h.ed.Messages()
	if len(msgs) == 0 || !strings.Contains(msgs[len(msgs)-1].Message, "1 passed, 1 failed") {
		t.Errorf("messages = %+v", msgs)
	}
	lenses, _ := h.ed.CodeLens(ctx, complexJava)
	if len(lenses) != 1 || !strings.Contains(lenses[0].Command.Title, "✗ 1 failed ✓ 1 passed") {
		t.Errorf("lenses = %+v", lenses)
	}
	var kinds []string
	for _, p := range h.ed.Progress() {
		if strings.Contains(p.Title, "running") || p.Kind != "begin" {
			kinds = append(kinds, p.Kind)
		}
	}
	if len(kinds) < 2 || kinds[len(kinds)-1] != "end" {
		t.Errorf("progress kinds = %v", kinds)
	}
}

func TestShowWhyAndReindex(t *testing.T) {
	h := startHarness(t, harnessOpts{})
	ctx := h.ctx()
	_ = h.ed.OpenFile(ctx, complexJava)
	_ = h.ed.EditFile(ctx, complexJava, negateBody, negateEdited)
	if _, err := h.ed.WaitForDiagnostics(ctx, complexTest, hasN(2)); err != nil {
		t.Fatal(err)
	}
	res, err := h.ed.ExecuteCommand(ctx, "assertlens.showWhy", "demo.ComplexTest#testNegate:13")
	if err != nil {
		t.Fatal(err)
	}
	var text string
	_ = json.Unmarshal(res, &text)
	if !strings.Contains(text, "Complex#negate() → ComplexTest#testNegate line 11 → ComplexTest#testNegate:13") {
		t.Errorf("showWhy = %q", text)
	}
	if _, err := h.ed.ExecuteCommand(ctx, "assertlens.showWhy", "nope"); err == nil {
		t.Errorf("showWhy of an unknown unit did not fail")
	}
	if _, err := h.ed.ExecuteCommand(ctx, "assertlens.reindex"); err != nil {
		t.Fatal(err)
	}
	f := h.fake()
	if err := h.ed.WaitFor(ctx, "reindex", func() bool { _, n, _, _ := f.stats(); return n == 2 }); err != nil {
		t.Fatal(err)
	}
}

func TestProgressForIndexing(t *testing.T) {
	h := startHarness(t, harnessOpts{cfg: lsptest.Config{WorkDoneProgress: true}})
	ctx := h.ctx()
	if err := h.ed.WaitFor(ctx, "index progress end", func() bool {
		ps := h.ed.Progress()
		return len(ps) > 0 && ps[len(ps)-1].Kind == "end"
	}); err != nil {
		t.Fatal(err)
	}
	ps := h.ed.Progress()
	if ps[0].Kind != "begin" || !strings.Contains(ps[0].Title, "indexing") {
		t.Errorf("first progress = %+v", ps[0])
	}
	if created := h.ed.CreatedTokens(); len(created) == 0 || created[0] != ps[0].Token {
		t.Errorf("created tokens %v, progress token %s", created, ps[0].Token)
	}
}

func TestRequestsWaitForIndex(t *testing.T) {
	gate := make(chan struct{})
	h := startHarness(t, harnessOpts{readyWait: 200 * time.Millisecond, setup: func(f *fakeEngine) { f.indexGate = gate }})
	ctx := h.ctx()
	start := time.Now()
	lenses, err := h.ed.CodeLens(ctx, complexJava)
	if err != nil || len(lenses) != 0 {
		t.Fatalf("codeLens before the index: %v, %v (want an empty answer, no error)", lenses, err)
	}
	if d := time.Since(start); d < 150*time.Millisecond {
		t.Errorf("codeLens did not wait for the index (%v)", d)
	}
	close(gate)
}

func TestRobustness(t *testing.T) {
	h := startHarness(t, harnessOpts{})
	ctx := h.ctx()
	// Malformed JSON and an invalid message: answered with errors, the server keeps serving.
	_ = h.ed.SendRaw(lsptest.Frame([]byte(`{"jsonrpc":"2.0","id":1,"method":`)))
	_ = h.ed.SendRaw(lsptest.Frame([]byte(`[1,2,3]`)))
	_ = h.ed.SendRaw([]byte("Content-Length: nope\r\n\r\n"))
	if err := h.ed.WaitFor(ctx, "parse errors", func() bool { return len(h.ed.NullIDErrors()) >= 2 }); err != nil {
		t.Fatal(err)
	}
	if e := h.ed.NullIDErrors()[0].Error; e == nil || e.Code != -32700 {
		t.Errorf("first error = %+v, want ParseError", e)
	}
	// Unknown methods.
	err := h.ed.Call(ctx, "textDocument/definition", map[string]any{}, nil)
	if err == nil || !strings.Contains(err.Error(), "method not found") {
		t.Errorf("unknown method: %v", err)
	}
	_ = h.ed.Notify(ctx, "custom/unknown", map[string]any{})
	// Changes to unknown documents, non-file URIs, binary and huge files.
	_ = h.ed.Notify(ctx, "textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": h.ed.URI("nope.java"), "version": 2},
		"contentChanges": []map[string]any{{"text": "x"}},
	})
	_ = h.ed.Notify(ctx, "textDocument/didOpen", map[string]any{
		"textDocument": map[string]any{"uri": "untitled:Untitled-1", "version": 1, "text": "class X {}"},
	})
	_ = h.ed.OpenBuffer(ctx, "src/main/java/demo/Bin.java", "class Bin { \x00\x01 }")
	_ = h.ed.OpenBuffer(ctx, "src/main/java/demo/Huge.java", strings.Repeat("// x\n", 1<<20))
	_ = h.ed.Notify(ctx, "textDocument/didChange", "not an object")
	// Still serving: an edit still produces diagnostics.
	_ = h.ed.OpenFile(ctx, complexJava)
	_ = h.ed.EditFile(ctx, complexJava, negateBody, negateEdited)
	if _, err := h.ed.WaitForDiagnostics(ctx, complexTest, hasN(2)); err != nil {
		t.Fatal(err)
	}
	f := h.fake()
	f.mu.Lock()
	_, bin := f.overlays["src/main/java/demo/Bin.java"]
	_, huge := f.overlays["src/main/java/demo/Huge.java"]
	f.mu.Unlock()
	if bin || huge {
		t.Errorf("binary (%v) or huge (%v) content reached the engine", bin, huge)
	}
	logs := h.logs.String()
	for _, want := range []string{"not open", "unsupported URI scheme", "looks binary", "larger than 4 MiB", "malformed"} {
		if !strings.Contains(logs, want) {
			t.Errorf("log lacks %q", want)
		}
	}
	if !strings.Contains(strings.Join(h.ed.Logs(), "\n"), "not open") {
		t.Errorf("log lines are not mirrored as window/logMessage")
	}
}

func TestPanicInHandlerIsRecovered(t *testing.T) {
	var calls atomic.Int32
	h := startHarness(t, harnessOpts{setup: func(f *fakeEngine) {
		f.units = func() []slicing.Unit {
			// Call 1 lists the plain run lenses in codeLens; call 2 is the resolve below.
			if calls.Add(1) == 2 {
				panic("boom")
			}
			return nil
		}
	}})
	ctx := h.ctx()
	_ = h.ed.OpenFile(ctx, complexJava)
	_ = h.ed.EditFile(ctx, complexJava, negateBody, negateEdited)
	if _, err := h.ed.WaitForDiagnostics(ctx, complexTest, hasN(2)); err != nil {
		t.Fatal(err)
	}
	var lenses []protocol.CodeLens
	if err := h.ed.Call(ctx, "textDocument/codeLens", map[string]any{"textDocument": map[string]any{"uri": h.ed.URI(complexTest)}}, &lenses); err != nil || len(lenses) == 0 {
		t.Fatalf("codeLens: %v %v", lenses, err)
	}
	err := h.ed.Call(ctx, "codeLens/resolve", &lenses[0], nil)
	if err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("resolve with a panicking engine: %v", err)
	}
	var resolved protocol.CodeLens
	if err := h.ed.Call(ctx, "codeLens/resolve", &lenses[0], &resolved); err != nil || resolved.Command == nil {
		t.Fatalf("the server stopped serving after a panic: %v", err)
	}
	if !strings.Contains(h.logs.String(), "panic in codeLens/resolve: boom") {
		t.Errorf("panic not logged")
	}
}

func TestConfigurationChangesBaseline(t *testing.T) {
	h := startHarness(t, harnessOpts{cfg: lsptest.Config{InitializationOptions: map[string]any{
		"baseline": "saved", "classpath": []string{"/x.jar"}, "extraAssertions": []string{"check"}, "debounceMs": 10,
		"recordCoverageOnRun": true,
	}}})
	ctx := h.ctx()
	f := h.fake()
	if f.opts.Baseline != "saved" || len(f.opts.Classpath) != 1 || f.opts.ExtraAssertions[0] != "check" || !f.opts.RecordCoverageOnRun {
		t.Errorf("engine options = %+v", f.opts)
	}
	_ = h.ed.Notify(ctx, "workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"assertlens": map[string]any{"baseline": "head"}}})
	if err := h.ed.WaitFor(ctx, "SetBaseline", func() bool { _, _, _, b := f.stats(); return len(b) == 1 && b[0] == "head" }); err != nil {
		t.Fatal(err)
	}
	_ = h.ed.Notify(ctx, "workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"assertlens": map[string]any{"baseline": "bogus"}}})
	if err := h.ed.WaitFor(ctx, "error message", func() bool {
		m := h.ed.Messages()
		return len(m) > 0 && strings.Contains(m[len(m)-1].Message, "unknown baseline")
	}); err != nil {
		t.Fatal(err)
	}
	// A new class path needs a new engine, indexed again.
	_ = h.ed.Notify(ctx, "workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"assertlens": map[string]any{"classpath": []string{"/y.jar"}}}})
	if err := h.ed.WaitFor(ctx, "new engine", func() bool {
		g := h.fake()
		_, n, _, _ := g.stats()
		return g != f && n == 1 && g.opts.Classpath[0] == "/y.jar"
	}); err != nil {
		t.Fatal(err)
	}
	// So does turning recording on runs off.
	f = h.fake()
	_ = h.ed.Notify(ctx, "workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"assertlens": map[string]any{"recordCoverageOnRun": false}}})
	if err := h.ed.WaitFor(ctx, "engine without recording", func() bool {
		g := h.fake()
		return g != f && !g.opts.RecordCoverageOnRun
	}); err != nil {
		t.Fatal(err)
	}
}

func TestWatcherReportsExternalChanges(t *testing.T) {
	h := startHarness(t, harnessOpts{watch: true})
	ctx := h.ctx()
	f := h.fake()
	root := h.ed.Root()
	if err := h.ed.WaitFor(ctx, "the watcher", func() bool { return strings.Contains(h.logs.String(), "watching ") }); err != nil {
		t.Fatal(err) // it walks the tree after initialized
	}
	edited, _ := os.ReadFile(filepath.Join(root, counterJava))
	edited = []byte(strings.Replace(string(edited), "n += k;", "n += 2 * k;", 1))
	if err := os.WriteFile(filepath.Join(root, counterJava), edited, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := h.ed.WaitForDiagnostics(ctx, counterTest, hasN(1)); err != nil {
		t.Fatal(err)
	}
	// A new folder with a file in it, and a file inside a skipped folder.
	if err := os.MkdirAll(filepath.Join(root, "src/main/java/demo/gen"), 0o755); err != nil {
		t.Fatal(err)
	}
	_ = os.WriteFile(filepath.Join(root, "src/main/java/demo/gen/G.java"), []byte("class G {}"), 0o644)
	_ = os.MkdirAll(filepath.Join(root, "target/classes"), 0o755)
	_ = os.WriteFile(filepath.Join(root, "target/classes/X.class"), []byte{0xca, 0xfe}, 0o644)
	time.Sleep(100 * time.Millisecond)
	_ = os.WriteFile(filepath.Join(root, "src/main/java/demo/gen/H.java"), []byte("class H {}"), 0o644)
	if err := h.ed.WaitFor(ctx, "new files reported", func() bool {
		_, _, changed, _ := f.stats()
		j := strings.Join(changed, " ")
		return strings.Contains(j, "src/main/java/demo/gen/G.java") && strings.Contains(j, "src/main/java/demo/gen/H.java")
	}); err != nil {
		_, _, changed, _ := f.stats()
		t.Fatalf("%v; changed = %v", err, changed)
	}
	_, _, changed, _ := f.stats()
	for _, c := range changed {
		if strings.HasPrefix(c, "target/") {
			t.Errorf("a build output was reported: %s", c)
		}
	}
	// The client's own watcher is honoured too.
	_ = h.ed.Notify(ctx, "workspace/didChangeWatchedFiles", map[string]any{"changes": []map[string]any{{"uri": h.ed.URI("pom.xml"), "type": 2}}})
	if err := h.ed.WaitFor(ctx, "pom.xml reported", func() bool {
		_, _, changed, _ := f.stats()
		return strings.Contains(strings.Join(changed, " "), "pom.xml")
	}); err != nil {
		t.Fatal(err)
	}
}

func TestMultipleFolders(t *testing.T) {
	other := copyFixture(t, "complex")
	h := startHarness(t, harnessOpts{cfg: lsptest.Config{Folders: []string{other}, InitializationOptions: map[string]any{"debounceMs": 10}}})
	ctx := h.ctx()
	text, _ := os.ReadFile(filepath.Join(other, complexJava))
	edited := strings.Replace(string(text), negateBody, negateEdited, 1)
	otherURI := lsptestURI(other, complexJava)
	_ = h.ed.Notify(ctx, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": otherURI, "version": 1, "text": edited}})
	if err := h.ed.WaitFor(ctx, "diagnostics in the second folder", func() bool {
		d := h.ed.Diagnostics(string(lsptestURI(other, complexTest)))
		return d != nil && len(d.Diagnostics) == 2
	}); err != nil {
		t.Fatal(err)
	}
	if d := h.ed.Diagnostics(complexTest); d != nil && len(d.Diagnostics) > 0 {
		t.Errorf("the first folder got diagnostics of the second")
	}
	h.mu.Lock()
	n := len(h.fakes)
	h.mu.Unlock()
	if n != 2 {
		t.Errorf("%d engines, want one per folder", n)
	}
	// Removing the folder clears its diagnostics; adding it back serves the open buffer again.
	folder := []map[string]any{{"uri": uri.File(other), "name": "other"}}
	otherTest := string(lsptestURI(other, complexTest))
	_ = h.ed.Notify(ctx, "workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{"added": []any{}, "removed": folder}})
	if _, err := h.ed.WaitForDiagnostics(ctx, otherTest, hasN(0)); err != nil {
		t.Fatal(err)
	}
	_ = h.ed.Notify(ctx, "workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{"added": folder, "removed": []any{}}})
	if _, err := h.ed.WaitForDiagnostics(ctx, otherTest, hasN(2)); err != nil {
		t.Fatal(err)
	}
}

func lsptestURI(root, rel string) protocol.DocumentURI {
	return uri.File(filepath.Join(root, filepath.FromSlash(rel)))
}

func TestShutdownAndExit(t *testing.T) {
	for _, shutdown := range []bool{true, false} {
		root := copyFixture(t, "complex")
		ed, done := lsptest.Pipe(root, func(in io.Reader, out io.Writer) error {
			return lsp.Serve(context.Background(), in, out, io.Discard, func(r string, o lsp.Options) (lsp.Engine, error) {
				return &fakeEngine{root: r, overlays: map[string][]byte{}}, nil
			})
		})
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		if _, err := ed.Initialize(ctx, lsptest.Config{}); err != nil {
			t.Fatal(err)
		}
		if shutdown {
			if err := ed.Shutdown(ctx); err != nil {
				t.Fatal(err)
			}
			if err := ed.Call(ctx, "textDocument/codeLens", map[string]any{}, nil); err == nil {
				t.Errorf("a request after shutdown was served")
			}
		}
		_ = ed.Exit(ctx)
		select {
		case err := <-done:
			if shutdown && err != nil {
				t.Errorf("exit after shutdown: %v", err)
			}
			if !shutdown && !errors.Is(err, lsp.ErrExitWithoutShutdown) {
				t.Errorf("exit without shutdown: %v", err)
			}
		case <-ctx.Done():
			t.Fatal("Serve did not return after exit")
		}
		cancel()
	}
}

func TestRequestBeforeInitialize(t *testing.T) {
	root := copyFixture(t, "complex")
	ed, done := lsptest.Pipe(root, func(in io.Reader, out io.Writer) error {
		return lsp.Serve(context.Background(), in, out, io.Discard, nil)
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := ed.Call(ctx, "textDocument/codeLens", map[string]any{}, nil)
	if err == nil || !strings.Contains(err.Error(), "not initialized") {
		t.Errorf("request before initialize: %v", err)
	}
	_ = ed.Close()
	if err := <-done; !errors.Is(err, lsp.ErrExitWithoutShutdown) {
		t.Errorf("input closed without shutdown: %v", err)
	}
}

// TestWarmRunsAfterIndexIsReported: resolving every test statement ahead of the first edit
// (Warm) runs after the index is reported done, in the background: the progress ends and
// code lenses are answered while it is still working.
func TestWarmRunsAfterIndexIsReported(t *testing.T) {
	gate := make(chan struct{})
	h := startHarness(t, harnessOpts{cfg: lsptest.Config{WorkDoneProgress: true}, setup: func(f *fakeEngine) { f.warmGate = gate }})
	ctx := h.ctx()
	if err := h.ed.WaitFor(ctx, "index reported done", func() bool {
		for _, p := range h.ed.Progress() {
			if p.Kind == "end" {
				return true
			}
		}
		return false
	}); err != nil {
		close(gate)
		t.Fatal(err)
	}
	if _, err := h.ed.CodeLens(ctx, complexTest); err != nil {
		close(gate)
		t.Fatalf("code lenses while warming: %v", err)
	}
	f := h.fake()
	f.mu.Lock()
	warmed := f.warmed
	f.mu.Unlock()
	close(gate)
	if warmed != 0 {
		t.Fatalf("Warm returned before its gate opened (%d)", warmed)
	}
	if err := h.ed.WaitFor(ctx, "warm done", func() bool { f.mu.Lock(); defer f.mu.Unlock(); return f.warmed == 1 }); err != nil {
		t.Fatal(err)
	}
}

// TestLensesWhileIndexing: once the engine can answer from the parsed files, a test file's
// lenses come at once, before the index is done, as run lenses that say so; after the index
// they are the usual ones. readyWait is long: waiting for the index would time the test out.
func TestLensesWhileIndexing(t *testing.T) {
	gate, previewed := make(chan struct{}), make(chan struct{})
	close(previewed)
	unit := slicing.Unit{ID: "demo.ComplexTest#testNegate", Test: "demo.ComplexTest#testNegate", Class: "demo.ComplexTest",
		File: complexTest, Level: slicing.LevelMethod, Line: 9, EndLine: 13, Assertions: 2}
	h := startHarness(t, harnessOpts{cfg: lsptest.Config{WorkDoneProgress: true}, readyWait: time.Hour, setup: func(f *fakeEngine) {
		f.indexGate, f.previewed = gate, previewed
		f.units = func() []slicing.Unit { return []slicing.Unit{unit} }
	}})
	ctx := h.ctx()
	lenses, err := h.ed.CodeLens(ctx, complexTest)
	if err != nil {
		t.Fatal(err)
	}
	if len(lenses) != 1 || lenses[0].Command == nil || lenses[0].Command.Title != "▸ run · indexing…" ||
		lenses[0].Range.Start.Line != 8 || len(lenses[0].Command.Arguments) != 1 || lenses[0].Command.Arguments[0] != unit.Test {
		t.Fatalf("lenses while indexing = %+v", lenses)
	}
	close(gate)
	if err := h.ed.WaitFor(ctx, "index done", func() bool {
		ps := h.ed.Progress()
		return len(ps) > 0 && ps[len(ps)-1].Kind == "end"
	}); err != nil {
		t.Fatal(err)
	}
	if lenses, err = h.ed.CodeLens(ctx, complexTest); err != nil {
		t.Fatal(err)
	}
	if len(lenses) != 1 || lenses[0].Command == nil || lenses[0].Command.Title != "▸ run · 2 assertions" {
		t.Fatalf("lenses after the index = %+v", lenses)
	}
}
