package selection

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection/runner"
	"github.com/assertlens/assertlens/slicing"
)

// Missed is one test statement that executed a changed member but lies in no selected
// unit: a safety bug of the selection.
type Missed struct {
	Test   string `json:"test"`   // pkg.FooTest#bar
	Line   int    `json:"line"`   // the test statement's line
	Change string `json:"change"` // the changed member it reached
	File   string `json:"file,omitempty"`
}

// CheckResult is the outcome of `assertlens check`: the dynamic ground truth against the
// selection.
type CheckResult struct {
	Base           string                `json:"base"`
	Probes         int                   `json:"probes"`        // changed bodies instrumented
	Hits           int                   `json:"hits"`          // distinct (change, test statement) pairs executed
	Missed         []Missed              `json:"missed"`        // executed but not selected
	MissedRatio    float64               `json:"missedRatio"`   // missed / hits (0 when no hits)
	SelectedUnits  int                   `json:"selectedUnits"` // units the selection chose
	Unattributed   int                   `json:"unattributed"`  // hits outside any test frame (other threads)
	NotProbed      []string              `json:"notProbed"`     // changes without a body to instrument (fields, deletions)
	CompileErrors  []analysis.ParseError `json:"compileErrors"` // the instrumented build failed
	TestsRun       int                   `json:"testsRun"`      // test methods the whole-suite run executed
	TestsFailed    int                   `json:"testsFailed"`   // of those, failed or errored
	ElapsedMs      int64                 `json:"elapsedMs"`
	SelectionLevel slicing.Level         `json:"selectionLevel"` // level of the selection checked
	// Undiscovered lists tests the JUnit Platform found in this compile that static
	// discovery misses (see RecordPlan); PlanError says why they could not be compared.
	Undiscovered []string `json:"undiscovered,omitempty"`
	PlanError    string   `json:"planError,omitempty"`
}

// CheckInput is what the checker needs: the selection to verify and the state it was made on.
type CheckInput struct {
	Root      string
	CacheDir  string
	Cur       *analysis.Snapshot
	Tests     []*slicing.TestClass
	Selection *Result
	Classpath []string
	Timeout   time.Duration
}

// Check instruments every changed body that needs a re-run, runs the whole test suite, and
// reports each test statement that reached a change but is in no selected unit.
func Check(ctx context.Context, in CheckInput) (*CheckResult, error) {
	start := time.Now()
	out := &CheckResult{Base: in.Selection.Base, Missed: []Missed{}, NotProbed: []string{}, CompileErrors: []analysis.ParseError{},
		SelectedUnits: len(in.Selection.Units)}
	if len(in.Selection.Units) > 0 {
		out.SelectionLevel = in.Selection.Units[0].Level
	}
	var probes []runner.Probe
	for _, c := range in.Selection.Changes {
		if !c.Rerun {
			continue
		}
		m := findMember(in.Cur, c.ID)
		if m == nil || c.Change == "deleted" || m.BodyEnd <= m.BodyStart || (m.Kind != analysis.KindMethod && m.Kind != analysis.KindConstructor && m.Kind != analysis.KindInitializer) {
			out.NotProbed = append(out.NotProbed, c.ID)
			continue
		}
		if f := in.Cur.FileOf(ownerType(c.ID)); f != nil && f.Test {
			// A changed test is selected whole by rule; instrumenting it adds nothing.
			continue
		}
		probes = append(probes, runner.Probe{ID: c.ID, File: c.File, BodyStart: m.BodyStart, BodyEnd: m.BodyEnd, Constructor: m.Kind == analysis.KindConstructor})
	}
	out.Probes = len(probes)
	if len(probes) == 0 {
		out.ElapsedMs = time.Since(start).Milliseconds()
		return out, nil
	}
	req := runner.Request{Root: in.Root, CacheDir: in.CacheDir, Classpath: in.Classpath, Project: in.Cur.Project, Files: planFiles(in.Cur), Timeout: in.Timeout}
	hits, res, err := runner.Trace(ctx, req, probes, nil)
	if err != nil {
		return nil, fmt.Errorf("trace the test suite: %w", err)
	}
	for _, ce := range res.CompileErrors {
		out.CompileErrors = append(out.CompileErrors, analysis.ParseError{File: ce.File, Line: ce.Line, Message: ce.Message})
	}
	if pc, err := RecordPlan(in.CacheDir, res, in.Cur, in.Tests); err != nil {
		out.PlanError = err.Error()
	} else if pc != nil {
		out.Undiscovered = pc.Undiscovered
	}
	for _, t := range res.Tests {
		out.TestsRun++
		if t.Status == runner.StatusFailed || t.Status == runner.StatusError {
			out.TestsFailed++
		}
	}
	seen := map[string]bool{}
	names := analysis.BinaryNames(in.Cur)
	for _, h := range hits {
		if h.TestClass == "" {
			out.Unattributed++
			continue
		}
		key := fmt.Sprintf("%s|%s#%s|%d", h.Probe, h.TestClass, h.TestMethod, h.Line)
		if seen[key] {
			continue
		}
		seen[key] = true
		out.Hits++
		if !covered(in, names, h) {
			typeID := analysis.TypeIDOfBinary(names, h.TestClass)
			file := ""
			if f := in.Cur.FileOf(typeID); f != nil {
				file = f.Path
			}
			out.Missed = append(out.Missed, Missed{Test: typeID + "#" + h.TestMethod, Line: h.Line, Change: h.Probe, File: file})
		}
	}
	sort.Slice(out.Missed, func(i, j int) bool {
		if out.Missed[i].Test != out.Missed[j].Test {
			return out.Missed[i].Test < out.Missed[j].Test
		}
		return out.Missed[i].Line < out.Missed[j].Line
	})
	if out.Hits > 0 {
		out.MissedRatio = float64(len(out.Missed)) / float64(out.Hits)
	}
	out.ElapsedMs = time.Since(start).Milliseconds()
	return out, nil
}

func findMember(s *analysis.Snapshot, id string) *analysis.Member {
	t := s.Type(ownerType(id))
	if t == nil {
		return nil
	}
	return t.Member(id)
}

// covered reports whether a hit lies in a selected unit. A hit in a test method must fall
// in one of its selected units (any line for method and class units); a hit in a helper or
// fixture of a test class needs some selected unit of that class.
func covered(in CheckInput, names map[string]string, h runner.Hit) bool {
	typeID := analysis.TypeIDOfBinary(names, namedClass(h.TestClass))
	isTest := false
	for _, tc := range in.Tests {
		for _, tm := range tc.Methods {
			if methodName(tm.ID) == h.TestMethod && (tc.ID == typeID || tm.Declaring == typeID) {
				isTest = true
			}
		}
	}
	for _, u := range in.Selection.Units {
		sameClass := u.Class == typeID || declaringOf(in.Tests, u) == typeID ||
			(u.Level == slicing.LevelClass && inherits(in.Cur, u.Class, typeID))
		if !sameClass && !isTest && runsAround(in.Tests, u, typeID) {
			return true // an extension's callback ran around the unit's test
		}
		if !sameClass {
			continue
		}
		if u.Level == slicing.LevelClass || !isTest {
			return true
		}
		if methodName(u.Test) != h.TestMethod {
			continue
		}
		if u.Level == slicing.LevelMethod || covers(u.Statements, h.Line) {
			return true
		}
	}
	return false
}

// runsAround reports whether code of type typeID runs around the test of unit u as JUnit
// runs it: a member of typeID is among the fixtures of u's class (its extensions' members
// are) or the providers of u's test method (extensions registered on the method).
func runsAround(tests []*slicing.TestClass, u slicing.Unit, typeID string) bool {
	owned := func(ids []string) bool {
		return slices.ContainsFunc(ids, func(id string) bool { return ownerType(id) == typeID })
	}
	for _, tc := range tests {
		if tc.ID != u.Class {
			continue
		}
		if owned(tc.Fixtures) {
			return true
		}
		for _, tm := range tc.Methods {
			if tm.ID == u.Test && owned(tm.Providers) {
				return true
			}
		}
	}
	return false
}

// namedClass cuts a binary class name at its first anonymous or local class: code of
// "shop.StampTest$1Gold" is written in shop.StampTest, as helper code of that class.
func namedClass(binary string) string {
	for i := 0; i+1 < len(binary); i++ {
		if binary[i] == '$' && binary[i+1] >= '0' && binary[i+1] <= '9' {
			return binary[:i]
		}
	}
	return binary
}

func declaringOf(tests []*slicing.TestClass, u slicing.Unit) string {
	for _, tc := range tests {
		if tc.ID != u.Class {
			continue
		}
		for _, tm := range tc.Methods {
			if tm.ID == u.Test {
				return tm.Declaring
			}
		}
	}
	return ""
}

// inherits reports whether type sub extends (transitively) the type sup. Stack frames name
// the declaring class, so a hit in an inherited test shows the abstract base class.
func inherits(s *analysis.Snapshot, sub, sup string) bool {
	seen := map[string]bool{}
	var walk func(id string) bool
	walk = func(id string) bool {
		t := s.Type(id)
		if t == nil || seen[id] {
			return false
		}
		seen[id] = true
		for _, name := range t.Extends {
			for _, cand := range s.Types() {
				if ct := s.Type(cand); ct != nil && ct.Name == simpleTypeName(name) {
					if cand == sup || walk(cand) {
						return true
					}
				}
			}
		}
		return false
	}
	return walk(sub)
}
