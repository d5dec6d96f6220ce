package lsp_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// TestE2EHoverShowsSlice edits Complex#negate and hovers the first affected assertion of
// testNegate: the hover lists the slice's statements with why each is in it.
func TestE2EHoverShowsSlice(t *testing.T) {
	x := startE2E(t, "", nil)
	ctx := x.ctx(60 * time.Second)
	ed := x.ed
	if err := ed.OpenFile(ctx, complexJava); err != nil {
		t.Fatal(err)
	}
	if err := ed.EditFile(ctx, complexJava, negateBody, negateEdited); err != nil {
		t.Fatal(err)
	}
	ds, err := ed.WaitForDiagnostics(ctx, complexTest, inLines(9, 14))
	if err != nil || len(ds) == 0 {
		t.Fatalf("no diagnostics: %v", err)
	}
	var h protocol.Hover
	params := map[string]any{"textDocument": map[string]any{"uri": ed.URI(complexTest)}, "position": ds[0].Range.Start}
	if err := ed.Call(ctx, "textDocument/hover", params, &h); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h.Contents.Value, "Affected assertion slice") || !strings.Contains(h.Contents.Value, "def-use") ||
		!strings.Contains(h.Contents.Value, "assertion") {
		t.Errorf("hover:\n%s", h.Contents.Value)
	}
	t.Logf("hover:\n%s", h.Contents.Value)
}

// TestE2EHoverShowsCoverage records the fixture's coverage with the real agent, then hovers
// Complex#negate with no edit: the hover says which tests ran it.
func TestE2EHoverShowsCoverage(t *testing.T) {
	needServer(t)
	root := copyFixture(t, "complex")
	gitInit(t, root)
	cache := t.TempDir()
	cmd := exec.Command(serverBin, "coverage", "--root", root)
	cmd.Env = append(os.Environ(), "ASSERTLENS_CACHE_DIR="+cache)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("coverage: %v\n%s", err, out)
	}
	x := startE2EWithCache(t, root, cache, nil)
	ctx := x.ctx(60 * time.Second)
	if err := x.ed.OpenFile(ctx, complexJava); err != nil {
		t.Fatal(err)
	}
	var h protocol.Hover
	line := lineOf(t, filepath.Join(root, complexJava), "public Complex negate()")
	params := map[string]any{"textDocument": map[string]any{"uri": x.ed.URI(complexJava)},
		"position": map[string]any{"line": line, "character": 8}}
	if err := x.ed.Call(ctx, "textDocument/hover", params, &h); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h.Contents.Value, "Covered by") || !strings.Contains(h.Contents.Value, "demo.ComplexTest#testNegate") {
		t.Fatalf("hover:\n%s", h.Contents.Value)
	}
	t.Logf("hover:\n%s", h.Contents.Value)
}

// lineOf returns the 0-based line of the first line of path containing text.
func lineOf(t *testing.T, path, text string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, text) {
			return i
		}
	}
	t.Fatalf("%s has no line with %q", path, text)
	return 0
}

// TestE2ERecordCoverageCommand records coverage through assertlens.recordCoverage (the real
// agent, with progress), then the hover on Complex#negate answers from the new record.
func TestE2ERecordCoverageCommand(t *testing.T) {
	x := startE2E(t, "", nil)
	ctx := x.ctx(120 * time.Second)
	raw, err := x.ed.ExecuteCommand(ctx, "assertlens.recordCoverage")
	if err != nil {
		t.Fatal(err)
	}
	var sums []struct {
		Tests, Passed, Members int
	}
	if err := json.Unmarshal(raw, &sums); err != nil || len(sums) != 1 || sums[0].Tests != 4 || sums[0].Passed != 4 || sums[0].Members == 0 {
		t.Fatalf("recordCoverage = %s (%v)", raw, err)
	}
	var began, counted, ended bool
	for _, ev := range x.ed.Progress() {
		switch {
		case ev.Kind == "begin" && ev.Title == "assertlens: recording coverage":
			began = true
		case ev.Kind == "report" && ev.Message == "4/4":
			counted = true
		case ev.Kind == "end" && ev.Message == "coverage recorded: 4 tests":
			ended = true
		}
	}
	if !began || !counted || !ended {
		t.Errorf("progress: begin %v, 4/4 %v, end %v: %+v", began, counted, ended, x.ed.Progress())
	}
	if err := x.ed.OpenFile(ctx, complexJava); err != nil {
		t.Fatal(err)
	}
	var h protocol.Hover
	line := lineOf(t, filepath.Join(x.ed.Root(), complexJava), "public Complex negate()")
	params := map[string]any{"textDocument": map[string]any{"uri": x.ed.URI(complexJava)},
		"position": map[string]any{"line": line, "character": 8}}
	if err := x.ed.Call(ctx, "textDocument/hover", params, &h); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h.Contents.Value, "demo.ComplexTest#testNegate") {
		t.Fatalf("hover:\n%s", h.Contents.Value)
	}
}

// TestE2ERecordCoverageOnSave: with recordCoverageOnSave, saving a file refreshes the
// coverage record in the background (real agent); a second save restarts the run, and the
// record that lands describes the sources of the last save.
func TestE2ERecordCoverageOnSave(t *testing.T) {
	x := startE2E(t, "", map[string]any{"recordCoverageOnSave": true})
	ctx := x.ctx(180 * time.Second)
	if err := x.ed.OpenFile(ctx, complexJava); err != nil {
		t.Fatal(err)
	}
	for _, edit := range [][2]string{{"return new Complex(-re, -im);", "return new Complex(-re, -im + 0.0);"},
		{"return new Complex(-re, -im + 0.0);", "return new Complex(-re, -im);"}} {
		if err := x.ed.EditFile(ctx, complexJava, edit[0], edit[1]); err != nil {
			t.Fatal(err)
		}
		if err := x.ed.SaveFile(ctx, complexJava); err != nil {
			t.Fatal(err)
		}
	}
	// The first save's run may still land a record (it finished before the second save
	// cancelled it); the last save's run always does. So each recorded run is checked in
	// turn until one describes the saved sources, waiting on progress events, not time.
	recorded := func() int {
		n := 0
		for _, ev := range x.ed.Progress() {
			if ev.Kind == "end" && ev.Message == "coverage recorded: 4 tests" {
				n++
			}
		}
		return n
	}
	line := lineOf(t, filepath.Join(x.ed.Root(), complexJava), "public Complex negate()")
	params := map[string]any{"textDocument": map[string]any{"uri": x.ed.URI(complexJava)},
		"position": map[string]any{"line": line, "character": 8}}
	for want := 1; want <= 2; want++ {
		if err := x.ed.WaitFor(ctx, "a coverage run to end recorded", func() bool { return recorded() >= want }); err != nil {
			t.Fatalf("%v; progress %+v", err, x.ed.Progress())
		}
		var h protocol.Hover
		if err := x.ed.Call(ctx, "textDocument/hover", params, &h); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(h.Contents.Value, "demo.ComplexTest#testNegate") {
			t.Fatalf("hover after the recording:\n%s", h.Contents.Value)
		}
		if !strings.Contains(h.Contents.Value, "changed since") {
			return // the record describes the last save
		}
		if want == 2 {
			t.Fatalf("both saves' runs recorded and the record still describes other sources:\n%s", h.Contents.Value)
		}
	}
}
