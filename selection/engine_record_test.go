package selection

import (
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
