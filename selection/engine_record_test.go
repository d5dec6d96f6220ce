package selection

import (
	"slices"
	"testing"

	"github.com/assertlens/assertlens/selection/coverage"
	"github.com/assertlens/assertlens/selection/runner"
)

// TestAfterBodyLineCrossesOver: fromRunner hands the runner's lines on as they are, so the
// two names of the after-body line must agree.
func TestAfterBodyLineCrossesOver(t *testing.T) {
	run := fromRunner(&runner.CoverageRun{Hits: []runner.CoverageHit{{TestClass: "a.T", TestMethod: "m", Line: runner.AfterBody}}})
	if run.Hits[0].Line != coverage.AfterBody {
		t.Fatalf("after-body line %d reads %d in the store", runner.AfterBody, run.Hits[0].Line)
	}
}

// TestLauncherFailure picks the reason a launcher that ran nothing gives.
func TestLauncherFailure(t *testing.T) {
	for _, c := range []struct{ output, want string }{
		{"Usage: ConsoleLauncher\norg.junit.platform.commons.JUnitException: TestEngine with ID 'junit-vintage' failed to discover tests\n\tat x\nCaused by: java.lang.RuntimeException: outer\nCaused by: java.lang.ClassFormatError: bad offset\n\tat y\n",
			"java.lang.ClassFormatError: bad offset"},
		{"warning\njava.lang.NoClassDefFoundError: org/junit/Test\n", "java.lang.NoClassDefFoundError: org/junit/Test"},
		{"\n  something odd\n", "something odd"},
		{"", "no output"},
	} {
		if got := launcherFailure(c.output); got != c.want {
			t.Errorf("launcherFailure(%q) = %q, want %q", c.output, got, c.want)
		}
	}
}

// TestFirstFailures: the record names the first failed tests with the first line of their
// messages, skipping passed and skipped ones.
func TestFirstFailures(t *testing.T) {
	res := &runner.Result{Tests: []runner.TestResult{
		{Class: "p.ATest", Method: "ok", Status: runner.StatusPassed},
		{Class: "p.ATest", Method: "boom", Status: runner.StatusError, Message: "java.lang.IllegalAccessError: denied\n\tat p.A"},
		{Class: "p.BTest", Method: "skip", Status: runner.StatusSkipped},
		{Class: "p.BTest", Method: "wrong", Status: runner.StatusFailed, Message: "expected: <1> but was: <2>"},
		{Class: "p.BTest", Method: "silent", Status: runner.StatusFailed},
		{Class: "p.CTest", Method: "late", Status: runner.StatusFailed, Message: "later"},
	}}
	want := []string{"p.ATest#boom: java.lang.IllegalAccessError: denied", "p.BTest#wrong: expected: <1> but was: <2>", "p.BTest#silent: failed"}
	if got := firstFailures(res, 3); !slices.Equal(got, want) {
		t.Errorf("firstFailures = %q, want %q", got, want)
	}
	if got := firstFailures(nil, 3); got != nil {
		t.Errorf("no run: %q, want nil", got)
	}
	if got := firstFailures(&runner.Result{}, 3); got != nil {
		t.Errorf("no tests: %q, want nil", got)
	}
}
