package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/assertlens/assertlens/selection"
)

// unitKeys lists a selection's units as "id ← because" lines, sorted.
func unitKeys(units []struct {
	ID      string   `json:"id"`
	Because []string `json:"because"`
}) []string {
	out := []string{}
	for _, u := range units {
		out = append(out, u.ID+" ← "+strings.Join(u.Because, ","))
	}
	sort.Strings(out)
	return out
}

// cliSelect runs `assertlens select --json` and returns its units and assertion count.
func cliSelect(t *testing.T, dir string) ([]string, int) {
	t.Helper()
	code, out, stderr := runCLI("select", "--root", dir, "--json")
	if code != 0 {
		t.Fatalf("select: exit %d: %s", code, stderr)
	}
	var res struct {
		Units []struct {
			ID      string   `json:"id"`
			Because []string `json:"because"`
		} `json:"units"`
		Totals struct {
			SelectedAssertions int `json:"selectedAssertions"`
		} `json:"totals"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	return unitKeys(res.Units), res.Totals.SelectedAssertions
}

// engineSelect asks a long-lived engine (the language server's) for its selection, in
// the same JSON shape as the CLI's.
func engineSelect(t *testing.T, e *selection.Engine) ([]string, int) {
	t.Helper()
	res, err := e.Select(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Units []struct {
			ID      string   `json:"id"`
			Because []string `json:"because"`
		} `json:"units"`
	}
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	return unitKeys(back.Units), res.Totals.SelectedAssertions
}

// serverEngine starts the engine the way the language server does.
func serverEngine(t *testing.T, dir string) *selection.Engine {
	t.Helper()
	e, err := selection.NewEngine(dir, selection.Options{Baseline: selection.BaselineHead})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Index(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestPomEditSameInCLIAndEngine is the build-file case: after an edit to pom.xml is saved,
// the CLI and the real engine (FilesChanged, then Select) both select every test of the
// module. The engine used to skip non-Java paths and keep the old build-file hashes, and
// selected nothing.
func TestPomEditSameInCLIAndEngine(t *testing.T) {
	dir := demoRepo(t)
	// Start from a clean tree: only the pom edit is pending.
	if err := gitCheckout(dir, "src/main/java/demo/Complex.java"); err != nil {
		t.Fatal(err)
	}
	e := serverEngine(t, dir)
	if got, n := engineSelect(t, e); len(got) != 0 || n != 0 {
		t.Fatalf("clean tree: engine selected %v", got)
	}
	pom := filepath.Join(dir, "pom.xml")
	b, err := os.ReadFile(pom)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pom, []byte(strings.Replace(string(b), "<version>1.0</version>", "<version>1.1</version>", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	e.FilesChanged([]string{"pom.xml"})
	engineUnits, engineN := engineSelect(t, e)
	cliUnits, cliN := cliSelect(t, dir)
	if cliN != 9 {
		t.Errorf("CLI selected %d assertions after the pom.xml edit, want all 9", cliN)
	}
	if engineN != cliN || !reflect.DeepEqual(engineUnits, cliUnits) {
		t.Errorf("engine selected %d assertions, CLI %d\nengine: %v\nCLI:    %v", engineN, cliN, engineUnits, cliUnits)
	}
}

// TestCLIAndServerAssembleTheSame applies the same edits through both faces: the CLI reads
// them from disk, the engine gets them as unsaved buffers (the server's didChange) or as
// disk changes (didSave, the file watcher). After every step both must select the same
// units with the same reasons.
func TestCLIAndServerAssembleTheSame(t *testing.T) {
	dir := demoRepo(t)
	e := serverEngine(t, dir)
	const complex = "src/main/java/demo/Complex.java"
	const test = "src/test/java/demo/ComplexTest.java"
	read := func(rel string) string {
		b, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	write := func(rel, content string) {
		if err := os.WriteFile(filepath.Join(dir, rel), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	replace := func(rel, old, new string) string {
		src := read(rel)
		if !strings.Contains(src, old) {
			t.Fatalf("%s: anchor %q missing", rel, old)
		}
		return strings.Replace(src, old, new, 1)
	}
	steps := []struct {
		name string
		do   func()
	}{
		{"unsaved body edit", func() {
			next := replace(complex, "return new Complex(-real, imaginary);", "return new Complex(-real, -imaginary + 0);")
			write(complex, next)
			e.SetOverlay(complex, []byte(next))
		}},
		{"unsaved test edit", func() {
			next := replace(test, "assertEquals(", "assertEquals(\n")
			write(test, next)
			e.SetOverlay(test, []byte(next))
		}},
		{"buffers closed, files saved", func() {
			e.SetOverlay(complex, nil)
			e.SetOverlay(test, nil)
			e.FilesChanged([]string{complex, test})
		}},
		{"pom saved", func() {
			write("pom.xml", replace("pom.xml", "<version>1.0</version>", "<version>2.0</version>"))
			e.FilesChanged([]string{"pom.xml"})
		}},
		{"pom unsaved back to HEAD", func() {
			next := replace("pom.xml", "<version>2.0</version>", "<version>1.0</version>")
			write("pom.xml", next)
			e.SetOverlay("pom.xml", []byte(next))
		}},
		{"pom buffer closed", func() { e.SetOverlay("pom.xml", nil) }},
		{"unsaved test edit again", func() {
			next := replace(test, "assertEquals(\n", "assertEquals(\n\n")
			write(test, next)
			e.SetOverlay(test, []byte(next))
		}},
	}
	for _, st := range steps {
		st.do()
		engineUnits, engineN := engineSelect(t, e)
		cliUnits, cliN := cliSelect(t, dir)
		if engineN != cliN || !reflect.DeepEqual(engineUnits, cliUnits) {
			t.Errorf("%s: engine selected %d assertions, CLI %d\nengine: %v\nCLI:    %v", st.name, engineN, cliN, engineUnits, cliUnits)
		}
		if len(cliUnits) == 0 && st.name != "pom buffer closed" {
			t.Errorf("%s: nothing selected; the step does not test anything", st.name)
		}
	}
}

// gitCheckout restores a file from HEAD.
func gitCheckout(dir, rel string) error {
	cmd := exec.Command("git", "checkout", "-q", "--", rel)
	cmd.Dir = dir
	return cmd.Run()
}

// TestParentPOMAboveRootSameInCLIAndEngine opens a module of a larger repository, whose
// parent POM (../pom.xml) lies outside the workspace. A change to it changes the build of
// every test: the CLI (reading HEAD's parent from git) and the engine (told by the file
// watcher) both select everything. Before, the parent was never read and both selected
// nothing.
func TestParentPOMAboveRootSameInCLIAndEngine(t *testing.T) {
	top := gitFixture(t, "../../testdata/demo") // a repository; the demo goes one level down
	mod := filepath.Join(top, "demo")
	cmd := exec.Command("sh", "-c", `mkdir demo && git mv src pom.xml demo/`)
	cmd.Dir = top
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("move the demo down: %v %s", err, out)
	}
	const parent = "<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>demo</groupId>\n  <artifactId>demo-parent</artifactId>\n  <version>1</version>\n  <packaging>pom</packaging>\n</project>\n"
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(top, "pom.xml"), parent)
	b, err := os.ReadFile(filepath.Join(mod, "pom.xml"))
	if err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(mod, "pom.xml"), strings.Replace(string(b), "<modelVersion>4.0.0</modelVersion>",
		"<modelVersion>4.0.0</modelVersion>\n  <parent><groupId>demo</groupId><artifactId>demo-parent</artifactId><version>1</version></parent>", 1))
	commit := exec.Command("sh", "-c", "git add -A && git commit -qm 'a parent above the module'")
	commit.Dir = top
	commit.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
	if out, err := commit.CombinedOutput(); err != nil {
		t.Fatalf("commit: %v %s", err, out)
	}
	e := serverEngine(t, mod)
	if got, _ := cliSelect(t, mod); len(got) != 0 {
		t.Fatalf("clean tree: CLI selected %v", got)
	}
	write(filepath.Join(top, "pom.xml"), strings.Replace(parent, "<packaging>", "<properties><x>1</x></properties>\n  <packaging>", 1))
	e.FilesChanged([]string{"../pom.xml"})
	engineUnits, engineN := engineSelect(t, e)
	cliUnits, cliN := cliSelect(t, mod)
	if cliN != 9 {
		t.Errorf("CLI selected %d assertions after the parent POM changed, want all 9", cliN)
	}
	if engineN != cliN || !reflect.DeepEqual(engineUnits, cliUnits) {
		t.Errorf("engine selected %d assertions, CLI %d\nengine: %v\nCLI:    %v", engineN, cliN, engineUnits, cliUnits)
	}
}

// TestGradleScriptEditSameInCLIAndEngine turns the demo into a Gradle build laid out as
// real ones are: projects included over several lines, a project build file named after
// its folder (lib/lib.gradle) and a version catalog. A change to the catalog or to the
// project's script changes the build of its tests: the CLI and the engine (told by the
// file watcher) both select everything. Before, neither file counted as a build file and
// both selected nothing.
func TestGradleScriptEditSameInCLIAndEngine(t *testing.T) {
	dir := gitFixture(t, "../../testdata/demo")
	files := map[string]string{
		"settings.gradle":           "rootProject.name = 'demo'\ninclude 'app', // not in this tree\n        'lib'\nrootProject.children.each { it.buildFileName = it.name + '.gradle' }\n",
		"lib/lib.gradle":            "plugins { id 'java-library' }\ndependencies { testImplementation libs.junit }\n",
		"gradle/libs.versions.toml": "[libraries]\njunit = \"junit:junit:4.13.2\"\n",
	}
	for rel, s := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("sh", "-c", "git mv src lib/ && git rm -q pom.xml && git add -A && git commit -qm 'a gradle build'")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make it a gradle build: %v %s", err, out)
	}
	e := serverEngine(t, dir)
	if got, _ := cliSelect(t, dir); len(got) != 0 {
		t.Fatalf("clean tree: CLI selected %v", got)
	}
	for _, rel := range []string{"gradle/libs.versions.toml", "lib/lib.gradle"} {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.WriteFile(p, []byte(files[rel]+"# changed\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		e.FilesChanged([]string{rel})
		engineUnits, engineN := engineSelect(t, e)
		cliUnits, cliN := cliSelect(t, dir)
		if cliN != 9 {
			t.Errorf("CLI selected %d assertions after %s changed, want all 9", cliN, rel)
		}
		if engineN != cliN || !reflect.DeepEqual(engineUnits, cliUnits) {
			t.Errorf("%s: engine selected %d assertions, CLI %d\nengine: %v\nCLI:    %v", rel, engineN, cliN, engineUnits, cliUnits)
		}
		if err := gitCheckout(dir, rel); err != nil {
			t.Fatal(err)
		}
		e.FilesChanged([]string{rel})
	}
}
