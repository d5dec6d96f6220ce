package runner

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestConsoleSubcommand: the console launcher takes its options after the execute command
// from platform 1.10 on, and JUnit 6's refuses them without it; older launchers have no
// such command.
func TestConsoleSubcommand(t *testing.T) {
	for version, want := range map[string]string{
		"1.9.1": "", "1.10.0": "execute", "1.14.4": "execute", "6.0.0": "execute", "6.1.3": "execute", "": "", "x.y": "",
	} {
		if got := consoleSubcommand(version); got != want {
			t.Errorf("consoleSubcommand(%q) = %q, want %q", version, got, want)
		}
	}
	args := launcherArgs(launchSpec{classpath: []string{"a.jar"}, subcommand: "execute"})
	at := slices.Index(args, "org.junit.platform.console.ConsoleLauncher")
	if at < 0 || at+1 >= len(args) || args[at+1] != "execute" {
		t.Errorf("execute does not follow the launcher class: %v", args)
	}
	if args := launcherArgs(launchSpec{classpath: []string{"a.jar"}}); slices.Contains(args, "execute") {
		t.Errorf("a launcher without subcommands is given one: %v", args)
	}
}

// TestJUnit6ProjectRuns: a project on JUnit 6 (semver4j moved to it) runs with the console
// launcher of its own platform version; before the execute command was passed, that
// launcher refused the options and ran nothing.
func TestJUnit6ProjectRuns(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "junit5")
	pom := filepath.Join(root, "pom.xml")
	data, err := os.ReadFile(pom)
	if err != nil {
		t.Fatal(err)
	}
	six := strings.Replace(string(data), "<jupiter.version>5.9.2</jupiter.version>", "<jupiter.version>6.1.3</jupiter.version>", 1)
	if six == string(data) {
		t.Fatal("the junit5 fixture no longer names jupiter.version 5.9.2")
	}
	if err := os.WriteFile(pom, []byte(six), 0o644); err != nil {
		t.Fatal(err)
	}
	res := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: []Selector{{Class: "shop.CartTest"}}})
	if res.JUnitSource != JUnitProject {
		t.Errorf("JUnit source %q, want the project's (notes %v)", res.JUnitSource, res.Notes)
	}
	if !slices.ContainsFunc(res.Notes, func(n string) bool { return strings.Contains(n, "JUnit Platform 6.1.3") }) {
		t.Errorf("notes %v name no JUnit Platform 6.1.3", res.Notes)
	}
	if r := result(t, res, "shop.CartTest", "appliesDiscount"); r.Status != StatusFailed {
		t.Errorf("appliesDiscount = %+v, want the fixture's failure\n%s", r, res.Output)
	}
}
