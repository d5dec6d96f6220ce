package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection"
	"github.com/assertlens/assertlens/selection/coverage"
)

// TestCoverageAuditAndSelectionWithCoverage records the demo's coverage with the real
// agent, audits every member against it, and selects an edit with and without it.
func TestCoverageAuditAndSelectionWithCoverage(t *testing.T) {
	t.Setenv("ASSERTLENS_CACHE_DIR", filepath.Join(t.TempDir(), "cache"))
	dir := gitFixture(t, "../../testdata/demo")

	if code, _, stderr := runCLI("audit", "--root", dir); code != 2 || !strings.Contains(stderr, "assertlens coverage") {
		t.Fatalf("audit before any record: exit %d, %q", code, stderr)
	}

	code, out, stderr := runCLI("coverage", "--root", dir, "--json")
	if code != 0 {
		t.Fatalf("coverage: exit %d\n%s", code, stderr)
	}
	var sum coverage.Summary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Tests != 4 || sum.Passed != 4 || sum.Members == 0 || sum.Hits == 0 {
		t.Fatalf("summary = %+v", sum)
	}

	code, out, _ = runCLI("coverage", "--root", dir, "--member", "demo.Complex#negate()", "--json")
	var mh struct {
		Member string          `json:"member"`
		Hits   []coverage.Site `json:"hits"`
	}
	if err := json.Unmarshal([]byte(out), &mh); err != nil || code != 0 {
		t.Fatalf("coverage --member: exit %d, %v\n%s", code, err, out)
	}
	want := []coverage.Site{{Test: "demo.ComplexTest#testExp", Line: 24}, {Test: "demo.ComplexTest#testNegate", Line: 13}}
	slices.SortFunc(mh.Hits, func(a, b coverage.Site) int { return strings.Compare(a.Test, b.Test) })
	if !slices.Equal(mh.Hits, want) {
		t.Fatalf("negate() ran at %+v, want %+v", mh.Hits, want)
	}

	code, out, stderr = runCLI("audit", "--root", dir, "--json")
	if code != 0 {
		t.Fatalf("audit: exit %d\n%s\n%s", code, out, stderr)
	}
	var audit selection.AuditResult
	if err := json.Unmarshal([]byte(out), &audit); err != nil {
		t.Fatal(err)
	}
	r := audit.SelectedAssertionRatio
	if audit.Members == 0 || len(audit.Missed) != 0 || r.AssertionOracle > r.MethodOracle || r.MethodOracle > r.ClassOracle ||
		r.Assertlens < r.AssertionOracle || r.ClassOracle > 1 {
		t.Fatalf("audit = %+v", audit)
	}

	// An edit of negate(): with the record exactly the statements that ran it.
	p := filepath.Join(dir, "src/main/java/demo/Complex.java")
	b, _ := os.ReadFile(p)
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), "return new Complex(-real, -imaginary);", "return new Complex(-real, imaginary);", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	sel := selectJSON(t, "select", "--root", dir, "--json")
	static := selectJSON(t, "select", "--root", dir, "--json", "--no-coverage")
	if sel.Coverage == nil || sel.Coverage.State != "fresh" || sel.Totals.FromCoverage == 0 || sel.Totals.FromStatic != 0 {
		t.Fatalf("select with coverage: coverage %+v, totals %+v", sel.Coverage, sel.Totals)
	}
	if static.Coverage != nil || static.Totals.FromCoverage != 0 {
		t.Fatalf("--no-coverage used the record: %+v", static.Coverage)
	}
	for _, u := range sel.Units {
		if u.Source != "coverage" || !strings.Contains(strings.Join(u.Via, " "), "coverage record") {
			t.Errorf("unit %s: source %q via %v", u.ID, u.Source, u.Via)
		}
	}
	if sel.Totals.SelectedAssertions > static.Totals.SelectedAssertions {
		t.Errorf("coverage selected more (%d) than the graph (%d)", sel.Totals.SelectedAssertions, static.Totals.SelectedAssertions)
	}

	// A damaged record is ignored by select and reported by audit.
	cache, err := analysis.CacheDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	recPath := filepath.Join(cache, coverage.FileName)
	rec, err := os.ReadFile(recPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(recPath, rec[:len(rec)/2], 0o644); err != nil { // cut short, as by a crash mid-write
		t.Fatal(err)
	}
	if again := selectJSON(t, "select", "--root", dir, "--json"); again.Coverage != nil || len(again.Units) != len(static.Units) {
		t.Errorf("select with a damaged record: coverage %+v, %d units (static %d)", again.Coverage, len(again.Units), len(static.Units))
	}
	if code, _, stderr := runCLI("audit", "--root", dir); code != 2 || !strings.Contains(stderr, "truncated") && !strings.Contains(stderr, "damaged") {
		t.Errorf("audit on a damaged record: exit %d %q", code, stderr)
	}
}

func selectJSON(t *testing.T, args ...string) *selection.Result {
	t.Helper()
	code, out, stderr := runCLI(args...)
	if code != 0 {
		t.Fatalf("%v: exit %d\n%s", args, code, stderr)
	}
	var res selection.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	return &res
}

// TestRunRecordsCoverage: `run --record-coverage` runs the selected tests under the real
// agent and merges their records, against the sources they ran, into the record; once
// those sources are the baseline, the record answers for the tests that ran and leaves
// the others (recorded on older sources) to the graph.
func TestRunRecordsCoverage(t *testing.T) {
	dir := gitFixture(t, "../../testdata/demo")
	if code, _, stderr := runCLI("coverage", "--root", dir, "--json"); code != 0 {
		t.Fatalf("coverage: exit %d\n%s", code, stderr)
	}
	p := filepath.Join(dir, "src/main/java/demo/Complex.java")
	edit := func(old, new string) {
		t.Helper()
		b, err := os.ReadFile(p)
		if err != nil || !strings.Contains(string(b), old) {
			t.Fatalf("edit %q: %v", old, err)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit("return new Complex(-real, -imaginary);", "return new Complex(-real, -imaginary + 0.0);")
	code, out, stderr := runCLI("run", "--root", dir, "--base", "HEAD", "--record-coverage", "--json")
	if code != 0 {
		t.Fatalf("run --record-coverage: exit %d\n%s\n%s", code, out, stderr)
	}
	var run selection.RunResult
	if err := json.Unmarshal([]byte(out), &run); err != nil {
		t.Fatal(err)
	}
	if run.Coverage == nil || run.Coverage.Tests != 2 || run.Coverage.Versions != 2 || run.Totals.Passed == 0 {
		t.Fatalf("run recorded %+v (totals %+v)", run.Coverage, run.Totals)
	}
	cmd := exec.Command("git", "commit", "-qam", "negate")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git commit: %v %s", err, b)
	}
	edit("return new Complex(-real, -imaginary + 0.0);", "return new Complex(-real, imaginary);")
	sel := selectJSON(t, "select", "--root", dir, "--base", "HEAD", "--json")
	if sel.Coverage == nil || sel.Coverage.State != "stale" || sel.Coverage.Vouched != 2 {
		t.Fatalf("coverage use %+v, want the 2 tests of the run vouched", sel.Coverage)
	}
	tests := map[string]bool{}
	for _, u := range sel.Units {
		tests[u.Test] = true
		if u.Source != "coverage" {
			t.Errorf("unit %s selected by %s, want coverage", u.ID, u.Source)
		}
	}
	if !tests["demo.ComplexTest#testExp"] || !tests["demo.ComplexTest#testNegate"] || len(tests) != 2 {
		t.Errorf("selected tests %v, want testExp and testNegate", tests)
	}
}

// TestCoverageRerunsTestsFailingInTheSharedJVM: a test that fails only because an earlier
// test left state behind runs once more in a fresh JVM, where it passes; its record from
// that run is the one kept, so it vouches for what it executes.
func TestCoverageRerunsTestsFailingInTheSharedJVM(t *testing.T) {
	dir := gitFixture(t, "../../testdata/polluted")
	code, out, stderr := runCLI("coverage", "--root", dir, "--json")
	if code != 0 {
		t.Fatalf("coverage: exit %d\n%s", code, stderr)
	}
	var sum coverage.Summary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Tests != 2 || sum.Passed != 2 || sum.Failed != 0 || sum.Rerun != 1 {
		t.Fatalf("summary = %+v, want 2 tests passed, b2ParsesEmpty run again", sum)
	}
	code, out, _ = runCLI("coverage", "--root", dir, "--member", "p.Settings#parse(String)", "--json")
	var mh struct {
		Hits []coverage.Site `json:"hits"`
	}
	if err := json.Unmarshal([]byte(out), &mh); err != nil || code != 0 {
		t.Fatalf("coverage --member: exit %d, %v\n%s", code, err, out)
	}
	if want := []coverage.Site{{Test: "p.SettingsTest#b2ParsesEmpty", Line: 21}}; !slices.Equal(mh.Hits, want) {
		t.Fatalf("parse(String) ran at %+v, want %+v", mh.Hits, want)
	}
}

// TestAfterBodyCodeSelectsTheAfterUnit records, with the real agent, a member only an
// @After method runs: the record places it after the test bodies, so a change to it selects
// each test's after unit (the statements changing shared state, which the @After check
// reads) rather than its assertions, while the graph alone selects the tests whole. Running
// that selection renders and runs the after unit: the check passes there as in the suite.
func TestAfterBodyCodeSelectsTheAfterUnit(t *testing.T) {
	dir := gitFixture(t, "../../testdata/afterbody")
	if code, _, stderr := runCLI("coverage", "--root", dir, "--json"); code != 0 {
		t.Fatalf("coverage: exit %d\n%s", code, stderr)
	}
	code, out, _ := runCLI("coverage", "--root", dir, "--member", "books.Books#allClosed()", "--json")
	var mh struct {
		Hits []coverage.Site `json:"hits"`
	}
	if err := json.Unmarshal([]byte(out), &mh); err != nil || code != 0 {
		t.Fatalf("coverage --member: exit %d, %v\n%s", code, err, out)
	}
	slices.SortFunc(mh.Hits, func(a, b coverage.Site) int { return strings.Compare(a.Test, b.Test) })
	want := []coverage.Site{{Test: "books.BooksTest#doubles", Line: coverage.AfterBody}, {Test: "books.BooksTest#opensAndCloses", Line: coverage.AfterBody}}
	if !slices.Equal(mh.Hits, want) {
		t.Fatalf("allClosed() ran at %+v, want %+v", mh.Hits, want)
	}

	p := filepath.Join(dir, "src/main/java/books/Books.java")
	b, _ := os.ReadFile(p)
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), "return OPEN.isEmpty();", "return OPEN.size() == 0;", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, u := range selectJSON(t, "select", "--root", dir, "--json").Units {
		ids = append(ids, u.ID)
		// The after unit of opensAndCloses runs what the check reads: open and close.
		if u.ID == "books.BooksTest#opensAndCloses:after" && !slices.Equal(u.Statements, [][2]int{{17, 17}, {19, 19}}) {
			t.Errorf("%s holds %v, want lines 17 and 19", u.ID, u.Statements)
		}
	}
	slices.Sort(ids)
	if want := []string{"books.BooksTest#doubles:after", "books.BooksTest#opensAndCloses:after"}; !slices.Equal(ids, want) {
		t.Fatalf("selected %v, want %v", ids, want)
	}
	static := selectJSON(t, "select", "--root", dir, "--json", "--no-coverage")
	if static.Totals.SelectedAssertions != 3 {
		t.Errorf("the graph selected %d assertions, want all 3 (the tests whole)", static.Totals.SelectedAssertions)
	}

	code, out, stderr := runCLI("run", "--root", dir, "--json")
	if code != 0 {
		t.Fatalf("run: exit %d\n%s\n%s", code, out, stderr)
	}
	var run selection.RunResult
	if err := json.Unmarshal([]byte(out), &run); err != nil {
		t.Fatal(err)
	}
	if len(run.Units) != 2 {
		t.Fatalf("ran %+v, want the 2 after units", run.Units)
	}
	for _, u := range run.Units {
		if !strings.HasSuffix(u.ID, ":after") || u.Status != "passed" {
			t.Errorf("unit %s: %s %s", u.ID, u.Status, u.Message)
		}
	}
}
