package selection

import "testing"

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
