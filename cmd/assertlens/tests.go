package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection"
	"github.com/assertlens/assertlens/selection/runner"
	"github.com/assertlens/assertlens/slicing"
)

// testsOutput is the JSON contract of `assertlens tests --json`.
type testsOutput struct {
	Root string `json:"root"`
	slicing.Counts
	// Tests has one row per concrete class × test method.
	Tests []testRow `json:"tests"`
	// NotRunByBuild lists classes with tests that the build (Maven Surefire's filter) never
	// runs, with the reason.
	NotRunByBuild []notRun `json:"notRunByBuild"`
	// Plan compares with the JUnit Platform's plan recorded at the last compile (run, check
	// or coverage); null when none was recorded yet.
	Plan *planOutput `json:"plan"`
}

// testRow is one test as it runs in one concrete class.
type testRow struct {
	ID            string `json:"id"` // pkg.Class#method
	Class         string `json:"class"`
	Method        string `json:"method"`
	Engine        string `json:"engine"` // junit3, junit4, jupiter
	Kind          string `json:"kind"`   // test, parameterized, repeated, dynamic, template, theory
	InheritedFrom string `json:"inheritedFrom,omitempty"`
	File          string `json:"file"` // file declaring the method that runs
	Line          int    `json:"line"`
	Disabled      bool   `json:"disabled,omitempty"`
	BuildRuns     bool   `json:"buildRuns"`
	// Confirmed says whether the JUnit Platform found the test at the last compile; null
	// when no plan was recorded.
	Confirmed *bool `json:"confirmed"`
}

type notRun struct {
	Class string `json:"class"`
	Why   string `json:"why"`
}

type planOutput struct {
	Time         time.Time `json:"time"`
	Engine       int       `json:"engine"`       // tests in the plan
	Undiscovered []string  `json:"undiscovered"` // in the plan, missed statically
	NotRun       []string  `json:"notRun"`       // found statically, not in the plan
}

func cmdTests(args []string, stdout io.Writer) error {
	f := newFlags("tests")
	classesDirs := f.fs.String("classes", "", "compiled test classes folders (comma-separated): ask the JUnit Platform for their plan now")
	f.fs.StringVar(&f.cp, "classpath", "", "classpath for --classes (main classes and dependencies)")
	if err := f.parse(args); err != nil {
		return err
	}
	ws, cache, err := openWorkspace(f.root)
	if err != nil {
		return err
	}
	snap, err := buildWorkingTree(ws, cache)
	if err != nil {
		return err
	}
	classes, err := slicing.ListTests(snap, snap.Read)
	if err != nil && len(classes) == 0 {
		return fmt.Errorf("find tests: %w", err)
	}
	dir, err := analysis.CacheDir(ws.Root)
	if err != nil {
		return err
	}
	if *classesDirs != "" {
		// The user compiled the tests: ask the platform now and remember its answer, as a
		// run does after compiling.
		var dirs []string
		for _, d := range splitList(*classesDirs) {
			abs, err := filepath.Abs(d)
			if err != nil {
				return usagef("--classes %s: %v", d, err)
			}
			dirs = append(dirs, abs)
		}
		tests, err := runner.DiscoverPlan(context.Background(), filepath.Join(dir, "testplan"), classpath(f.cp), dirs)
		if err != nil {
			return err
		}
		if err := selection.SavePlan(dir, selection.NewEnginePlan(tests, time.Now(), analysis.BinaryNames(snap))); err != nil {
			return err
		}
	}
	plan, err := selection.LoadPlan(dir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "assertlens: warning: %v\n", err)
	}
	out := listTests(ws.Root, snap, classes, plan)
	if f.jsonOut {
		return printJSON(stdout, out)
	}
	printTests(stdout, out)
	return nil
}

// listTests assembles the rows, the build's filter and the plan comparison.
func listTests(root string, snap *analysis.Snapshot, classes []*slicing.TestClass, plan *selection.EnginePlan) *testsOutput {
	out := &testsOutput{Root: root, Counts: slicing.Count(classes), Tests: []testRow{}, NotRunByBuild: []notRun{}}
	runs := buildRuns(root, snap, classes)
	for _, tc := range classes {
		if tc.Abstract || len(tc.Methods) == 0 {
			continue
		}
		br, ok := runs[tc.ID]
		if ok && !br.Runs {
			out.NotRunByBuild = append(out.NotRunByBuild, notRun{Class: tc.ID, Why: br.Why})
		}
		for _, m := range tc.Methods {
			if m.Kind == slicing.KindSuite {
				continue // not a test: the class runs whole (see slicing.KindSuite)
			}
			r := testRow{ID: m.ID, Class: tc.ID, Method: strings.TrimPrefix(m.ID, tc.ID+"#"), Engine: m.Engine, Kind: m.Kind,
				File: m.File, Line: m.Line, Disabled: m.Disabled || tc.Ignored, BuildRuns: !ok || br.Runs}
			if m.Declaring != tc.ID {
				r.InheritedFrom = m.Declaring
			}
			if plan != nil {
				c := plan.Confirmed(m.ID)
				r.Confirmed = &c
			}
			out.Tests = append(out.Tests, r)
		}
	}
	if plan != nil {
		c := plan.Check(classes)
		out.Plan = &planOutput{Time: plan.Time, Engine: len(plan.Tests), Undiscovered: c.Undiscovered, NotRun: c.NotRun}
	}
	return out
}

// buildRuns decides which classes the build runs: Maven modules filter by Surefire's
// includes and excludes (from the nearest pom.xml, then its parent folders'), Gradle and
// plain trees run every class with tests.
func buildRuns(root string, snap *analysis.Snapshot, classes []*slicing.TestClass) map[string]selection.BuildRun {
	poms := map[string]*selection.Surefire{} // folder -> filter, nil when no pom.xml there
	filterAt := func(dir string) *selection.Surefire {
		if sf, ok := poms[dir]; ok {
			return sf
		}
		var sf *selection.Surefire
		if data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(dir), "pom.xml")); err == nil {
			if parsed, err := selection.ParseSurefire(data); err == nil {
				sf = &parsed
			} else {
				fmt.Fprintf(os.Stderr, "assertlens: warning: %s/pom.xml: %v (assuming Surefire's defaults)\n", dir, err)
				sf = &selection.Surefire{}
			}
		}
		poms[dir] = sf
		return sf
	}
	gradle := func(dir string) bool {
		for _, n := range []string{"build.gradle", "build.gradle.kts"} {
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(dir), n)); err == nil {
				return true
			}
		}
		return false
	}
	surefire := func(file string) (selection.Surefire, bool) {
		var merged selection.Surefire
		maven := false
		for dir := path.Dir(file); ; dir = path.Dir(dir) {
			if !maven && gradle(dir) {
				return merged, false
			}
			if sf := filterAt(dir); sf != nil {
				maven = true
				if merged.Includes == nil {
					merged.Includes = sf.Includes
				}
				if merged.Excludes == nil {
					merged.Excludes = sf.Excludes
				}
				if merged.Groups == nil {
					merged.Groups = sf.Groups
				}
				if merged.ExcludedGroups == nil {
					merged.ExcludedGroups = sf.ExcludedGroups
				}
			}
			if dir == "." || dir == "/" || dir == "" {
				break
			}
		}
		return merged, maven
	}
	testRoot := func(file string) string {
		f := snap.Files[file]
		if f == nil || f.Package == "" {
			return path.Dir(file) + "/"
		}
		pkgDir := strings.ReplaceAll(f.Package, ".", "/") + "/"
		dir := path.Dir(file) + "/"
		if strings.HasSuffix(dir, pkgDir) {
			return strings.TrimSuffix(dir, pkgDir)
		}
		return dir
	}
	return selection.BuildRuns(classes, surefire, testRoot)
}

// printTests prints one line per test and the summaries.
func printTests(w io.Writer, out *testsOutput) {
	class := ""
	for _, r := range out.Tests {
		if r.Class != class {
			class = r.Class
			fmt.Fprintf(w, "%s\n", class)
		}
		line := fmt.Sprintf("  %-40s %-8s %s", r.Method, r.Engine, r.Kind)
		if r.InheritedFrom != "" {
			line += ", inherited from " + r.InheritedFrom
		}
		if r.Disabled {
			line += ", disabled"
		}
		if !r.BuildRuns {
			line += ", not run by the build"
		}
		if r.Confirmed != nil && !*r.Confirmed {
			line += ", not in the JUnit Platform's plan"
		}
		fmt.Fprintln(w, line)
	}
	fmt.Fprintf(w, "\n%d test classes, %d test methods declared, %d runs (class × method)\n",
		out.TestClasses, out.DeclaredTestMethods, out.TestRuns)
	for _, n := range out.NotRunByBuild {
		fmt.Fprintf(w, "not run by the build: %s (%s)\n", n.Class, n.Why)
	}
	if out.Plan == nil {
		fmt.Fprintln(w, "JUnit Platform plan: none recorded yet (run `assertlens run` or `check` to compile and compare)")
		return
	}
	fmt.Fprintf(w, "JUnit Platform plan of %s: %d tests, %d undiscovered, %d not run by the engine\n",
		out.Plan.Time.Format(time.RFC3339), out.Plan.Engine, len(out.Plan.Undiscovered), len(out.Plan.NotRun))
	for _, u := range out.Plan.Undiscovered {
		fmt.Fprintf(w, "warning: undiscovered test %s (its class is selected whole for every edit)\n", u)
	}
	for _, n := range out.Plan.NotRun {
		fmt.Fprintf(w, "not run by the JUnit Platform: %s\n", n)
	}
}

// warnOut receives CLI warnings (tests swap it).
var warnOut io.Writer = os.Stderr

// warnUndiscovered prints the CLI warning line for classes the JUnit Platform runs tests of
// that static discovery misses.
func warnUndiscovered(classes []string) {
	w := warnOut
	if len(classes) > 0 {
		fmt.Fprintf(w, "assertlens: warning: %d test classes have tests the JUnit Platform runs but static discovery misses; selected whole: %s\n",
			len(classes), strings.Join(classes, ", "))
	}
}

// classesOf returns the sorted distinct classes of test ids "pkg.C#m".
func classesOf(ids []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, id := range ids {
		c, _, _ := strings.Cut(id, "#")
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	sort.Strings(out)
	return out
}
