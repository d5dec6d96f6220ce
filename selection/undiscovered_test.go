package selection

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection/runner"
	"github.com/assertlens/assertlens/slicing"
)

// TestUndiscoveredTestIsSelected compiles the crosscheck fixture, in which static discovery
// deliberately misses d.MeterTest#reads (see its BaseCheck), and checks the whole loop: the
// JUnit Platform's plan names the test, the run reports it undiscovered and remembers it,
// and from then on an edit to the production method it reads selects its class whole,
// which static discovery alone never would.
func TestUndiscoveredTestIsSelected(t *testing.T) {
	dir := fixtureRepo(t, filepath.Join("..", "testdata", "discovery", "crosscheck"))
	cache := filepath.Join(t.TempDir(), "cache")
	applyEdit(t, dir, safetyEdit{name: "read", file: "src/main/java/d/Meter.java", old: "return 42;", new: "return 41;"})
	in, sel := selectIn(t, dir, slicing.LevelAssertion)
	for _, u := range sel.Units {
		if u.Class == "d.MeterTest" {
			t.Fatalf("static discovery was meant to miss d.MeterTest, but selected %s", u.ID)
		}
	}
	SelectUndiscovered(cache, sel, in.Cur, in.Tests)
	if len(sel.Undiscovered) != 0 {
		t.Fatalf("undiscovered before any plan was recorded: %v", sel.Undiscovered)
	}

	// Any run compiles the project and records the platform's plan.
	var scale []slicing.Unit
	for _, tc := range in.Tests {
		if tc.ID == "d.ScaleTest" {
			scale = append(scale, tc.ClassUnit())
		}
	}
	out, _, _, err := RunUnits(context.Background(), RunInput{Root: dir, CacheDir: cache, Cur: in.Cur, Tests: in.Tests, Units: scale, Timeout: 5 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if out.PlanError != "" || len(out.CompileErrors) > 0 {
		t.Fatalf("plan error %q, compile errors %v", out.PlanError, out.CompileErrors)
	}
	if want := []string{"d.MeterTest#reads"}; !reflect.DeepEqual(out.Undiscovered, want) {
		t.Errorf("run undiscovered = %v, want %v", out.Undiscovered, want)
	}
	if len(out.NotRunByEngine) != 0 {
		t.Errorf("found statically but not run by the engine: %v", out.NotRunByEngine)
	}

	in, sel = selectIn(t, dir, slicing.LevelAssertion)
	SelectUndiscovered(cache, sel, in.Cur, in.Tests)
	if want := []string{"d.MeterTest"}; !reflect.DeepEqual(sel.Undiscovered, want) {
		t.Errorf("select undiscovered = %v, want %v", sel.Undiscovered, want)
	}
	found := false
	for _, u := range sel.Units {
		if u.Class == "d.MeterTest" {
			found = u.Level == slicing.LevelClass && u.Reason != nil && *u.Reason == "undiscovered" && u.File == "src/test/java/d/MeterTest.java"
		}
	}
	if !found {
		t.Errorf("d.MeterTest not selected whole as undiscovered: %+v", sel.Units)
	}

	// Once static discovery agrees, the class is no longer forced in.
	plan, err := LoadPlan(cache)
	if err != nil || plan == nil {
		t.Fatalf("plan not remembered: %v", err)
	}
	agreed := append([]*slicing.TestClass{}, in.Tests...)
	agreed = append(agreed, &slicing.TestClass{ID: "d.MeterTest", Methods: []*slicing.TestMethod{{ID: "d.MeterTest#reads", Engine: slicing.EngineJUnit4}}})
	if c := plan.Check(agreed); len(c.Undiscovered) != 0 {
		t.Errorf("still undiscovered after discovery agrees: %v", c.Undiscovered)
	}
}

// TestPlanCheck pins the comparison rules: nested classes by binary name, class-only
// entries (ignored classes, suites, containers of @Nested classes), the suite engine
// ignored, JUnit 4 @Ignore classes without methods, suite() stand-ins not counted, tests a
// suite builds from library classes owned by the suite's class.
func TestPlanCheck(t *testing.T) {
	plan := NewEnginePlan([]runner.PlanTest{
		{Engine: "junit-jupiter", Class: "p.ATest", Method: "a"},
		{Engine: "junit-jupiter", Class: "p.ATest$Inner", Method: "b"},
		{Engine: "junit-vintage", Class: "p.IgnoredTest"},
		{Engine: "junit-vintage", Class: "p.SuiteOnly"},
		{Engine: "junit-platform-suite", Class: "p.Elsewhere", Method: "x"},
		{Engine: "junit-vintage", Class: "p.Missed", Method: "m"},
		{Engine: "junit-jupiter", Class: "p.Outer$Group"}, // a container of @Nested classes
		{Engine: "junit-jupiter", Class: "p.Outer$Group$Leaf", Method: "c", Top: "p.Outer"},
		{Engine: "junit-vintage", Class: "lib.Tester", Method: "t", Top: "p.LibSuite"},
		// A '$' in a source name is part of the name, not nesting.
		{Engine: "junit-jupiter", Class: "p.$DollarTest", Method: "d"},
		{Engine: "junit-jupiter", Class: "p.$DollarTest$Inner", Method: "e"},
	}, time.Unix(0, 0), map[string]string{"p.$DollarTest": "p.$DollarTest", "p.$DollarTest$Inner": "p.$DollarTest.Inner"})
	classes := []*slicing.TestClass{
		{ID: "p.ATest", Methods: []*slicing.TestMethod{{ID: "p.ATest#a"}, {ID: "p.ATest#gone"}}},
		{ID: "p.ATest.Inner", Methods: []*slicing.TestMethod{{ID: "p.ATest.Inner#b"}}},
		{ID: "p.IgnoredTest", Ignored: true, Methods: []*slicing.TestMethod{{ID: "p.IgnoredTest#x", Engine: slicing.EngineJUnit4}}},
		{ID: "p.Base", Abstract: true, Methods: []*slicing.TestMethod{{ID: "p.Base#z"}}},
		{ID: "p.Outer.Group.Leaf", Nested: true, Methods: []*slicing.TestMethod{{ID: "p.Outer.Group.Leaf#c"}}},
		{ID: "p.LibSuite", Reason: slicing.StrPtr("suite"), Methods: []*slicing.TestMethod{{ID: "p.LibSuite#suite", Kind: slicing.KindSuite}}},
		{ID: "p.$DollarTest", Methods: []*slicing.TestMethod{{ID: "p.$DollarTest#d"}}},
		{ID: "p.$DollarTest.Inner", Nested: true, Methods: []*slicing.TestMethod{{ID: "p.$DollarTest.Inner#e"}}},
	}
	c := plan.Check(classes)
	if want := []string{"lib.Tester#t", "p.Missed#m", "p.SuiteOnly#"}; !reflect.DeepEqual(c.Undiscovered, want) {
		t.Errorf("undiscovered = %v, want %v", c.Undiscovered, want)
	}
	if want := []string{"p.ATest#gone"}; !reflect.DeepEqual(c.NotRun, want) {
		t.Errorf("not run = %v, want %v", c.NotRun, want)
	}
	// A test a suite builds from a library class is run (and selected) through the suite.
	if want := []string{"p.LibSuite", "p.Missed", "p.SuiteOnly"}; !reflect.DeepEqual(c.UndiscoveredClasses, want) {
		t.Errorf("classes = %v, want %v", c.UndiscoveredClasses, want)
	}
	if !plan.Confirmed("p.ATest.Inner#b") || plan.Confirmed("p.ATest#gone") {
		t.Error("Confirmed")
	}
}

// TestUndiscoveredSkipsTestsTheEditDeleted: the plan of the last run lists the tests of
// the baseline. A test the pending edit renames is no test the platform still runs, so its
// class is not selected whole; a test deleted from a class inheriting from a library class
// may still be inherited under its name (near-miss), and stays undiscovered.
func TestUndiscoveredSkipsTestsTheEditDeleted(t *testing.T) {
	files := map[string]string{
		"src/test/java/u/RenameTest.java": "package u;\nimport org.junit.Test;\npublic class RenameTest {\n  @Test public void old() {}\n  @Test public void kept() {}\n}\n",
		"src/test/java/u/LibTest.java":    "package u;\nimport org.junit.Test;\npublic class LibTest extends AbstractLibraryTest {\n  @Test public void over() {}\n  @Test public void kept() {}\n}\n",
	}
	base := memSnapshot(t, files, nil)
	cur := memSnapshot(t, files, map[string][2]string{
		"src/test/java/u/RenameTest.java": {"void old()", "void renamed()"},
		"src/test/java/u/LibTest.java":    {"  @Test public void over() {}\n", ""},
	})
	d, err := slicing.DiscoverAll(cur, cur.Read, slicing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	plan := &EnginePlan{Tests: []string{"u.LibTest#kept", "u.LibTest#over", "u.RenameTest#kept", "u.RenameTest#old"}}
	for _, tc := range []struct {
		name string
		base *analysis.Snapshot
		want []string
	}{
		{"against the baseline", base, []string{"u.LibTest"}},
		{"without a baseline (the audit)", nil, []string{"u.LibTest", "u.RenameTest"}},
	} {
		res := &Result{}
		AddUndiscovered(res, plan, tc.base, cur, d.Classes)
		if !reflect.DeepEqual(res.Undiscovered, tc.want) {
			t.Errorf("%s: undiscovered = %v, want %v", tc.name, res.Undiscovered, tc.want)
		}
	}
}
