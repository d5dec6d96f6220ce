// Package selection turns changes, the dependency graph and the units of the tests into
// the set of affected units, and runs them.
package selection

import (
	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/slicing"
)

// Result is the outcome of a selection, as printed by `assertlens select --json`. Its
// field names are a contract: add fields, never rename them.
type Result struct {
	Base      string            `json:"base"`
	Changes   []analysis.Change `json:"changes"`
	Units     []slicing.Unit    `json:"units"`
	Totals    Totals            `json:"totals"`
	ElapsedMs int64             `json:"elapsedMs"`
	// Uncertain lists why the selection was widened (non-constant reflection, unparsable
	// files, build-file changes), so the user sees what was guessed.
	Uncertain []string `json:"uncertain,omitempty"`
	// Undiscovered lists the classes with tests the JUnit Platform found at the last compile
	// that static discovery misses; each is selected whole (reason "undiscovered").
	Undiscovered []string `json:"undiscovered,omitempty"`
	// Coverage says whether the coverage record took part (see CoverageUse); nil when
	// selection was static only.
	Coverage *CoverageUse `json:"coverage,omitempty"`
}

// Totals counts the project's tests and what was selected.
type Totals struct {
	// TestClasses counts concrete classes that run tests; TestMethods counts concrete class
	// × test method pairs (runs, as JUnit reports them) and equals TestRuns.
	TestClasses int `json:"testClasses"`
	TestMethods int `json:"testMethods"`
	// DeclaredTestMethods counts distinct test method declarations (an inherited test
	// counts once); TestRuns counts runs per concrete class. `assertlens index` and
	// `assertlens tests` report the same two numbers (see slicing.Count).
	DeclaredTestMethods int `json:"declaredTestMethods"`
	TestRuns            int `json:"testRuns"`
	Assertions          int `json:"assertions"`
	SelectedTestMethods int `json:"selectedTestMethods"`
	SelectedAssertions  int `json:"selectedAssertions"`
	// FromCoverage and FromStatic count the selected units by what selected them.
	FromCoverage int `json:"fromCoverage"`
	FromStatic   int `json:"fromStatic"`
}

// RunUnit is the result of running one selected unit, as printed by `assertlens run`.
type RunUnit struct {
	Test     string        `json:"test"`
	ID       string        `json:"id"`
	Level    slicing.Level `json:"level"`
	Line     int           `json:"line"`
	Status   string        `json:"status"` // passed, failed, error, skipped
	Message  string        `json:"message,omitempty"`
	Expected string        `json:"expected,omitempty"`
	Actual   string        `json:"actual,omitempty"`
	File     string        `json:"file"`
	TimeMs   int64         `json:"timeMs"`
}

// RunTotals counts the outcomes of a run.
type RunTotals struct {
	Selected int `json:"selected"`
	Passed   int `json:"passed"`
	Failed   int `json:"failed"`
	Errors   int `json:"errors"`
	Skipped  int `json:"skipped"`
}

// RunTiming says where a run spent its time.
type RunTiming struct {
	AnalysisMs int64 `json:"analysisMs"`
	CompileMs  int64 `json:"compileMs"`
	RunMs      int64 `json:"runMs"`
}

// RunResult is the outcome of `assertlens run --json`.
type RunResult struct {
	Units         []RunUnit             `json:"units"`
	Totals        RunTotals             `json:"totals"`
	Timing        RunTiming             `json:"timing"`
	CompileErrors []analysis.ParseError `json:"compileErrors"`
	// ClasspathSource says where the project classpath came from: explicit, maven,
	// gradle, "local-repository (fallback)" or none.
	ClasspathSource string `json:"classpathSource,omitempty"`
	// JUnitSource says whose JUnit ran the tests: project or assertlens.
	JUnitSource string `json:"junitSource,omitempty"`
	// Unresolved lists dependencies the classpath resolution could not find.
	Unresolved []string `json:"unresolved,omitempty"`
	// Notes explain the run's setup (classpath, JUnit, incremental compile).
	Notes []string `json:"notes,omitempty"`
	// Undiscovered lists tests ("pkg.C#m") the JUnit Platform found in this compile that
	// static discovery misses; NotRunByEngine those found statically that it does not run.
	Undiscovered   []string `json:"undiscovered,omitempty"`
	NotRunByEngine []string `json:"notRunByEngine,omitempty"`
	// PlanError says why the JUnit Platform's plan could not be compared.
	PlanError string `json:"planError,omitempty"`
	// Coverage says what the run added to the coverage record (run with recording on).
	Coverage *RunCoverage `json:"coverage,omitempty"`
}

// RunCoverage is what a run recording coverage merged into the record.
type RunCoverage struct {
	Tests int `json:"tests"` // test runs whose records the run replaced or added
	// Versions counts the source versions the record now holds: 1 when every test's
	// record belongs to the same sources.
	Versions int  `json:"versions"`
	Created  bool `json:"created,omitempty"` // there was no record: the run's is the record
}
