package selection

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection/coverage"
	"github.com/assertlens/assertlens/selection/runner"
	"github.com/assertlens/assertlens/slicing"
)

// RunInput is what running a selection needs. The sources compiled are Cur's (unsaved
// buffers included when Cur has them).
type RunInput struct {
	Root      string
	CacheDir  string
	Cur       *analysis.Snapshot
	Tests     []*slicing.TestClass
	Units     []slicing.Unit
	Classpath []string
	Timeout   time.Duration
	// RecordCoverage runs the units' whole test methods under the coverage agent (a slice
	// runs part of a method, and a record speaks for whole methods); RunUnits then also
	// returns the run's coverage record.
	RecordCoverage bool
}

// planFiles lists the Java sources of a snapshot for the runner, with the facts the
// parser found; files that cannot be read (vanished) are left out.
func planFiles(cur *analysis.Snapshot) []runner.File {
	out := make([]runner.File, 0, len(cur.Files))
	for _, rel := range cur.SortedPaths() {
		content, err := cur.Read(rel)
		if err != nil {
			continue
		}
		out = append(out, runner.FileOf(cur.Files[rel], content, cur.CompiledAsTest(rel)))
	}
	return out
}

// plan is a runner request plus the way back from launcher results to units.
type plan struct {
	req      runner.Request
	unitOf   map[string][]slicing.Unit // "binaryClass#method" -> units it runs
	notes    []string
	selected int
}

// methodName returns the method part of a test id "pkg.C#m".
func methodName(testID string) string {
	if i := strings.IndexByte(testID, '#'); i >= 0 {
		return testID[i+1:]
	}
	return ""
}

// planRun renders assertion slices into generated classes and lists what to launch.
func planRun(in RunInput) (*plan, error) {
	p := &plan{unitOf: map[string][]slicing.Unit{}, req: runner.Request{
		Root: in.Root, CacheDir: in.CacheDir, Classpath: in.Classpath, Project: in.Cur.Project, Files: planFiles(in.Cur),
		Generated: map[string][]byte{}, LineMaps: map[string]map[int]int{}, Origins: map[string]string{}, Timeout: in.Timeout,
	}}
	classes := map[string]*slicing.TestClass{}
	for _, tc := range in.Tests {
		classes[tc.ID] = tc
	}
	add := func(class, method string, u slicing.Unit) {
		key := class + "#" + method
		if _, ok := p.unitOf[key]; !ok {
			p.req.Selectors = append(p.req.Selectors, runner.Selector{Class: class, Method: method})
		}
		p.unitOf[key] = append(p.unitOf[key], u)
	}
	// Assertion units are grouped per test file, rendered once per file.
	sliceUnits := map[string][]slicing.Unit{}
	for _, u := range in.Units {
		p.selected++
		tc := classes[u.Class]
		switch {
		case u.Level == slicing.LevelClass:
			add(in.Cur.BinaryName(u.Class), "", u)
		case u.Level == slicing.LevelAssertion && !in.RecordCoverage && tc != nil && in.Cur.Type(u.Class) != nil && in.Cur.Type(u.Class).Outer == "" && declaredHere(tc, u.Test):
			sliceUnits[tc.File] = append(sliceUnits[tc.File], u)
		default:
			// Method units, and slices we do not render (nested or inherited tests): run the
			// whole test method, which holds every slice.
			add(in.Cur.BinaryName(u.Class), methodName(u.Test), u)
		}
	}
	files := make([]string, 0, len(sliceUnits))
	for f := range sliceUnits {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, file := range files {
		units := sliceUnits[file]
		src, err := in.Cur.Read(file)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", file, err)
		}
		var fileClasses []*slicing.TestClass
		seen := map[string]bool{}
		for _, u := range units {
			if !seen[u.Class] {
				seen[u.Class] = true
				fileClasses = append(fileClasses, classes[u.Class])
			}
		}
		for _, tc := range fileClasses {
			var mine []slicing.Unit
			for _, u := range units {
				if u.Class == tc.ID {
					mine = append(mine, u)
				}
			}
			rel, code, methods, lineMap, err := slicing.Render(tc, src, mine)
			if err != nil {
				// Could not render: run the whole methods instead, which is always safe.
				p.notes = append(p.notes, fmt.Sprintf("%s: slices not rendered (%v); running whole methods", tc.ID, err))
				for _, u := range mine {
					add(in.Cur.BinaryName(u.Class), methodName(u.Test), u)
				}
				continue
			}
			p.req.Generated[rel] = code
			p.req.LineMaps[rel] = lineMap
			p.req.Origins[rel] = tc.File
			genClass := tc.ID + "__Slices"
			byID := map[string]slicing.Unit{}
			for _, u := range mine {
				byID[u.ID] = u
			}
			names := make([]string, 0, len(methods))
			for m := range methods {
				names = append(names, m)
			}
			sort.Strings(names)
			for _, m := range names {
				if u, ok := byID[methods[m]]; ok {
					add(genClass, m, u)
				}
			}
		}
	}
	return p, nil
}

func declaredHere(tc *slicing.TestClass, testID string) bool {
	for _, tm := range tc.Methods {
		if tm.ID == testID {
			return tm.Declaring == "" || tm.Declaring == tc.ID
		}
	}
	return false
}

// RunUnits runs the given units and maps the launcher's results back onto them. The
// second result restates the outcomes per original test id (slice classes folded back into
// the tests they came from), ready for the run history. With in.RecordCoverage, the third
// is the coverage record of the tests that ran (nil when nothing ran).
func RunUnits(ctx context.Context, in RunInput) (*RunResult, *runner.Result, *coverage.Store, error) {
	p, err := planRun(in)
	if err != nil {
		return nil, nil, nil, err
	}
	out := &RunResult{Units: []RunUnit{}, CompileErrors: []analysis.ParseError{}}
	out.Totals.Selected = p.selected
	if len(p.req.Selectors) == 0 {
		return out, &runner.Result{}, nil, nil
	}
	var res *runner.Result
	var rec *coverage.Store
	if in.RecordCoverage {
		cov, err := runner.Coverage(ctx, p.req, runner.CoverageOptions{})
		if err != nil {
			return nil, nil, nil, fmt.Errorf("run tests with coverage: %w", err)
		}
		res = cov.Result
		if res != nil && len(res.CompileErrors) == 0 {
			rec = coverage.Build(in.Cur, fromRunner(cov))
		}
	} else if res, err = runner.Run(ctx, p.req); err != nil {
		return nil, nil, nil, fmt.Errorf("run tests: %w", err)
	}
	if res == nil {
		return nil, nil, nil, errors.New("run tests: the runner reported nothing")
	}
	out.Timing.CompileMs, out.Timing.RunMs = res.CompileMs, res.RunMs
	out.ClasspathSource, out.JUnitSource, out.Unresolved, out.Notes = res.ClasspathSource, res.JUnitSource, res.Unresolved, append(p.notes, res.Notes...)
	for _, ce := range res.CompileErrors {
		out.CompileErrors = append(out.CompileErrors, analysis.ParseError{File: ce.File, Line: ce.Line, Message: ce.Message})
	}
	if len(res.CompileErrors) > 0 {
		return out, res, nil, nil
	}
	if pc, err := RecordPlan(in.CacheDir, res, in.Cur, in.Tests); err != nil {
		out.PlanError = err.Error()
	} else if pc != nil {
		out.Undiscovered, out.NotRunByEngine = pc.Undiscovered, pc.NotRun
	}
	hist := &runner.Result{CompileMs: res.CompileMs, RunMs: res.RunMs}
	for _, tr := range res.Tests {
		units := p.unitOf[tr.Class+"#"+tr.Method]
		if len(units) == 0 && tr.Method != "" {
			units = p.unitOf[tr.Class+"#"]
		}
		for _, u := range units {
			ru := RunUnit{Test: u.Test, ID: u.ID, Level: u.Level, Line: u.Line, Status: tr.Status, Message: tr.Message,
				Expected: tr.Expected, Actual: tr.Actual, File: u.File, TimeMs: tr.TimeMs}
			if u.Level != slicing.LevelAssertion && tr.Line > 0 {
				ru.Line = tr.Line
			}
			out.Units = append(out.Units, ru)
			ht := tr
			if u.Level != slicing.LevelClass {
				ht.Class, ht.Method = in.Cur.BinaryName(u.Class), methodName(u.Test)
			}
			hist.Tests = append(hist.Tests, ht)
			switch tr.Status {
			case runner.StatusPassed:
				out.Totals.Passed++
			case runner.StatusFailed:
				out.Totals.Failed++
			case runner.StatusSkipped:
				out.Totals.Skipped++
			default:
				out.Totals.Errors++
			}
		}
	}
	confirmSliceFailures(ctx, in, p, out)
	return out, hist, rec, nil
}

// confirmSliceFailures re-runs the original test method of every failed slice. A slice runs
// in a renamed copy of its class, so a test that looks at its own class (names, resources
// next to the class) can fail there although it passes as written; when the original
// passes, the slice's failure is reported as that artefact instead of a failure.
func confirmSliceFailures(ctx context.Context, in RunInput, p *plan, out *RunResult) {
	var sel []runner.Selector
	seen := map[string]bool{}
	for _, u := range out.Units {
		if u.Level != slicing.LevelAssertion || (u.Status != runner.StatusFailed && u.Status != runner.StatusError) {
			continue
		}
		key := u.Test
		if seen[key] {
			continue
		}
		seen[key] = true
		sel = append(sel, runner.Selector{Class: in.Cur.BinaryName(ownerType(u.Test)), Method: methodName(u.Test)})
	}
	if len(sel) == 0 {
		return
	}
	// The same sources as the first run (slices included), so nothing is recompiled.
	req := p.req
	req.Selectors = sel
	res, err := runner.Run(ctx, req)
	if err != nil || len(res.CompileErrors) > 0 {
		return
	}
	passed := map[string]bool{}
	names := analysis.BinaryNames(in.Cur)
	for _, tr := range res.Tests {
		if tr.Status == runner.StatusPassed {
			passed[analysis.TypeIDOfBinary(names, tr.Class)+"#"+tr.Method] = true
		}
	}
	out.Timing.RunMs += res.RunMs
	for i, u := range out.Units {
		if u.Level != slicing.LevelAssertion || !passed[u.Test] || (u.Status != runner.StatusFailed && u.Status != runner.StatusError) {
			continue
		}
		if u.Status == runner.StatusFailed {
			out.Totals.Failed--
		} else {
			out.Totals.Errors--
		}
		out.Totals.Passed++
		out.Units[i].Status = runner.StatusPassed
		out.Units[i].Message = "the slice failed in its generated copy (" + firstLine(u.Message) + ") but the whole test passes: reported as passed"
		out.Units[i].Expected, out.Units[i].Actual = "", ""
	}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
