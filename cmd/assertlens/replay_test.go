package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayHistoryScript replays a two-commit history of the demo with the built CLI:
// the second commit changes Complex#negate and a test that never runs it, and adds a test.
// The truth finds no miss; the method and class oracles count the two tests that ran
// negate and the edited and added ones, which ran changed code of their own; assertion level
// selects fewer.
func TestReplayHistoryScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the CLI and runs the JUnit launcher twice")
	}
	dir := gitFixture(t, "../../testdata/demo")
	edit := func(rel, old, new string) {
		t.Helper()
		p := filepath.Join(dir, rel)
		src, err := os.ReadFile(p)
		if err != nil || !strings.Contains(string(src), old) {
			t.Fatalf("%s: %v, or no %q", rel, err, old)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(src), old, new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit("src/main/java/demo/Complex.java", "return new Complex(-real, -imaginary);", "return new Complex(0.0 - real, 0.0 - imaginary);")
	edit("src/test/java/demo/ComplexTest.java", `assertEquals("(3.0, 4.0)", a.add(b).toString());`,
		`assertEquals("(3.0, 4.0)", a.add(b).toString());`+"\n        assertEquals(3.0, a.abs(), EPS);")
	// An added test that runs no changed production code, and that nothing calls.
	edit("src/test/java/demo/ComplexTest.java", "    @Test", "    @Test\n    public void testAddedLater() {\n        assertEquals(1.0, 1.0, EPS);\n    }\n\n    @Test")
	for _, args := range [][]string{{"add", "-A"}, {"commit", "-qm", "negate and a test"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	bin := filepath.Join(t.TempDir(), "assertlens")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	report := filepath.Join(t.TempDir(), "replay.json")
	cmd := exec.Command("python3", "../../scripts/replay-history.py", "--bin", bin, "--root", dir, "--commits", "1", "--out", report)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("replay: %v\n%s", err, out)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var rows []struct {
		ChangedMembers int   `json:"changedMembers"`
		Coverage       int   `json:"coverage"`
		MethodOracle   int   `json:"methodOracle"`
		ClassOracle    int   `json:"classOracle"`
		Misses         []any `json:"misses"`
	}
	if err := json.Unmarshal(data, &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 {
		t.Fatalf("rows = %+v, want one pair", rows)
	}
	r := rows[0]
	// testNegate holds 2 assertions, testExp 3, testAddAndAbs 2 and now 3, testAddedLater 1.
	if len(r.Misses) > 0 || r.ChangedMembers != 3 || r.MethodOracle != 9 || r.ClassOracle != 9 {
		t.Errorf("row = %+v, want no miss, 3 changed members, both oracles 9", r)
	}
	// testExp's first assertion never runs negate; testAddAndAbs's first two are unchanged.
	if r.Coverage == 0 || r.Coverage >= r.MethodOracle {
		t.Errorf("selected %d assertions with coverage, want fewer than the method oracle's %d", r.Coverage, r.MethodOracle)
	}
}
