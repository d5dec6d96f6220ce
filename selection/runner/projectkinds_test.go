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
	editFile(t, root, "pom.xml", "<jupiter.version>5.9.2</jupiter.version>", "<jupiter.version>6.1.3</jupiter.version>")
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

// TestGeneratedSourcesCompile: a module whose build generates sources (commons-jexl's
// JavaCC parser) compiles with what the build left in target/generated-sources; when it
// left nothing, the run says so next to the compile errors instead of only listing them.
func TestGeneratedSourcesCompile(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "junit5")
	editFile(t, root, "pom.xml", "</dependencies>",
		"</dependencies>\n  <build><plugins><plugin><groupId>org.codehaus.mojo</groupId><artifactId>javacc-maven-plugin</artifactId></plugin></plugins></build>")
	test := `package shop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class GeneratedTest {
    @Test
    void readsTheGeneratedTable() {
        assertEquals(7, shop.gen.Table.size());
    }
}
`
	if err := os.WriteFile(filepath.Join(root, "src/test/java/shop/GeneratedTest.java"), []byte(test), 0o644); err != nil {
		t.Fatal(err)
	}
	sel := []Selector{{Class: "shop.GeneratedTest"}}
	res := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: sel})
	if len(res.CompileErrors) == 0 || !slices.ContainsFunc(res.Notes, ExplainsCompileFailure) {
		t.Errorf("without generated sources: compile errors %v, notes %v; want errors and a note on the generator", res.CompileErrors, res.Notes)
	}
	gen := filepath.Join(root, "target/generated-sources/javacc/shop/gen/Table.java")
	if err := os.MkdirAll(filepath.Dir(gen), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gen, []byte("package shop.gen;\n\npublic final class Table {\n    public static int size() {\n        return 7;\n    }\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res = mustRun(t, Request{Root: root, CacheDir: cache, Selectors: sel})
	if len(res.CompileErrors) != 0 {
		t.Fatalf("with generated sources: compile errors %v\n%s", res.CompileErrors, res.Output)
	}
	if r := result(t, res, "shop.GeneratedTest", "readsTheGeneratedTable"); r.Status != StatusPassed {
		t.Errorf("readsTheGeneratedTable = %+v", r)
	}
}

// editFile replaces the first old in the fixture file rel under root with new, failing
// when the file no longer holds old.
func editFile(t *testing.T, root, rel, old, new string) {
	t.Helper()
	p := filepath.Join(root, rel)
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), old, new, 1)
	if edited == string(data) {
		t.Fatalf("%s no longer holds %q", rel, old)
	}
	if err := os.WriteFile(p, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
}
