package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/selection"
)

// gitFixture copies a testdata folder into a fresh git repository with a private cache.
func gitFixture(t *testing.T, src string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "p")
	if out, err := exec.Command("cp", "-r", src, dir).CombinedOutput(); err != nil {
		t.Fatalf("copy: %v %s", err, out)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-qm", "fixture"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	t.Setenv("ASSERTLENS_CACHE_DIR", filepath.Join(t.TempDir(), "cache"))
	return dir
}

// TestTestsCountsAgree checks that index, select totals and tests count the same tests:
// declared methods (an inherited test once) and runs (once per concrete class), and that
// tests lists one row per concrete class × method with engine, kind and origin.
func TestTestsCountsAgree(t *testing.T) {
	dir := gitFixture(t, "../../testdata/discovery/junit3")
	decode := func(args ...string) map[string]any {
		code, out, stderr := runCLI(args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		return v
	}
	idx := decode("index", "--root", dir, "--json")
	sel := decode("select", "--root", dir, "--json")["totals"].(map[string]any)
	tests := decode("tests", "--root", dir, "--json")
	const declared, runs, classes = 6, 8, 4
	for what, v := range map[string]map[string]any{"index": idx, "select": sel, "tests": tests} {
		if v["declaredTestMethods"] != float64(declared) || v["testRuns"] != float64(runs) || v["testClasses"] != float64(classes) {
			t.Errorf("%s counts: declared %v runs %v classes %v; want %d %d %d", what, v["declaredTestMethods"], v["testRuns"], v["testClasses"], declared, runs, classes)
		}
	}
	if idx["testMethods"] != float64(declared) || sel["testMethods"] != float64(runs) {
		t.Errorf("legacy fields: index testMethods %v (declared), select testMethods %v (runs)", idx["testMethods"], sel["testMethods"])
	}
	rows := tests["tests"].([]any)
	if len(rows) != runs {
		t.Fatalf("%d rows, want %d", len(rows), runs)
	}
	var inherited []string
	for _, r := range rows {
		m := r.(map[string]any)
		if m["engine"] != "junit3" || m["kind"] != "test" || m["buildRuns"] != true || m["confirmed"] != nil {
			t.Errorf("row %v", m)
		}
		if from, ok := m["inheritedFrom"].(string); ok {
			inherited = append(inherited, m["id"].(string)+"<"+from)
		}
	}
	want := "d.ArrayListTestCase#testEmpty<d.AbstractCollectionTestCase d.ArrayListTestCase#testIndex<d.AbstractListTestCase " +
		"d.LinkedListTestCase#testEmpty<d.AbstractCollectionTestCase d.LinkedListTestCase#testIndex<d.AbstractListTestCase"
	if got := strings.Join(inherited, " "); got != want {
		t.Errorf("inherited rows:\n got %s\nwant %s", got, want)
	}
	if n := tests["notRunByBuild"].([]any); len(n) != 0 {
		t.Errorf("no pom.xml: every class runs, got %v", n)
	}
}

// TestTestsNotRunByBuild checks that a class with tests that Surefire's filter skips is
// listed as such, with the reason, not dropped.
func TestTestsNotRunByBuild(t *testing.T) {
	dir := gitFixture(t, "../../testdata/discovery/junit4-runners")
	pom := `<project><modelVersion>4.0.0</modelVersion><groupId>d</groupId><artifactId>d</artifactId><version>1</version></project>`
	if err := os.WriteFile(filepath.Join(dir, "pom.xml"), []byte(pom), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCLI("tests", "--root", dir, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var v testsOutput
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	// OuterTest matches **/*Test.java and runs its Enclosed classes; nothing else has tests.
	for _, r := range v.Tests {
		if !r.BuildRuns {
			t.Errorf("%s: not run by the build, but Enclosed runs it through OuterTest", r.ID)
		}
	}
	if len(v.Tests) != 2 {
		t.Errorf("rows %+v", v.Tests)
	}
	// Renamed so Surefire's default includes no longer match.
	src := filepath.Join(dir, "src/test/java/d/OuterTest.java")
	b, _ := os.ReadFile(src)
	if err := os.WriteFile(filepath.Join(dir, "src/test/java/d/OuterChecks.java"), []byte(strings.ReplaceAll(string(b), "OuterTest", "OuterChecks")), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(src)
	code, out, stderr = runCLI("tests", "--root", dir, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	v = testsOutput{}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if len(v.NotRunByBuild) != 2 || len(v.Tests) != 2 || v.Tests[0].BuildRuns {
		t.Errorf("renamed class: notRunByBuild %+v, rows %+v", v.NotRunByBuild, v.Tests)
	}
	for _, n := range v.NotRunByBuild {
		if !strings.Contains(n.Why, "surefire") {
			t.Errorf("reason %q", n.Why)
		}
	}
}

// TestSelectWarnsUndiscovered checks the CLI side of the cross-check: with a remembered
// JUnit Platform plan naming a test static discovery misses, select prints a warning line,
// lists the class in "undiscovered" and selects it whole, and tests marks what the plan
// confirmed.
func TestSelectWarnsUndiscovered(t *testing.T) {
	dir := gitFixture(t, "../../testdata/discovery/crosscheck")
	meter := filepath.Join(dir, "src/main/java/d/Meter.java")
	b, _ := os.ReadFile(meter)
	if err := os.WriteFile(meter, []byte(strings.Replace(string(b), "return 42;", "return 41;", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	plan := &selection.EnginePlan{Tests: []string{"d.MeterTest#reads", "d.ScaleTest#scales"}}
	if err := selection.SavePlan(os.Getenv("ASSERTLENS_CACHE_DIR"), plan); err != nil {
		t.Fatal(err)
	}
	var warn strings.Builder
	warnOut = &warn
	defer func() { warnOut = os.Stderr }()
	code, out, stderr := runCLI("select", "--root", dir, "--json")
	if code != 0 {
		t.Fatalf("select: exit %d: %s", code, stderr)
	}
	var res selection.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Undiscovered) != 1 || res.Undiscovered[0] != "d.MeterTest" {
		t.Errorf("undiscovered = %v", res.Undiscovered)
	}
	whole := false
	for _, u := range res.Units {
		whole = whole || (u.Class == "d.MeterTest" && u.Level == "class" && u.Reason != nil && *u.Reason == "undiscovered")
	}
	if !whole {
		t.Errorf("d.MeterTest not selected whole: %+v", res.Units)
	}
	if !strings.Contains(warn.String(), "warning") || !strings.Contains(warn.String(), "d.MeterTest") {
		t.Errorf("warning line = %q", warn.String())
	}
	code, out, stderr = runCLI("tests", "--root", dir, "--json")
	if code != 0 {
		t.Fatalf("tests: exit %d: %s", code, stderr)
	}
	var v testsOutput
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if v.Plan == nil || len(v.Plan.Undiscovered) != 1 || v.Plan.Undiscovered[0] != "d.MeterTest#reads" {
		t.Errorf("plan = %+v", v.Plan)
	}
	if len(v.Tests) != 1 || v.Tests[0].Confirmed == nil || !*v.Tests[0].Confirmed {
		t.Errorf("rows = %+v", v.Tests)
	}
}

// TestSlicesSameFromStoredTests: the second `slices` on the same sources restores the
// tests the first one stored and prints the same units.
func TestSlicesSameFromStoredTests(t *testing.T) {
	dir := gitFixture(t, "../../testdata/discovery/junit3")
	units := func() string {
		code, out, stderr := runCLI("slices", "--root", dir, "--json")
		if code != 0 {
			t.Fatalf("slices: exit %d: %s", code, stderr)
		}
		var res map[string]any
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(res["units"])
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	first := units()
	cache := os.Getenv("ASSERTLENS_CACHE_DIR")
	if _, err := os.Stat(filepath.Join(cache, "tests.gob")); err != nil {
		t.Fatalf("slices stored no tests: %v", err)
	}
	if second := units(); second != first || !strings.Contains(first, `"level"`) {
		t.Fatalf("slices from stored tests:\n%s\nfirst:\n%s", second, first)
	}
}
