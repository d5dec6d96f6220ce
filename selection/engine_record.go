package selection

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection/coverage"
	"github.com/assertlens/assertlens/selection/runner"
)

// CompileFailed is returned by RecordCoverage when the project does not compile.
type CompileFailed struct {
	Errors []analysis.ParseError
	Output string
	// Hints are the run's notes that may explain the failure (generated sources missing).
	Hints []string
}

func (e *CompileFailed) Error() string {
	msg := "the project does not compile"
	if len(e.Errors) > 0 {
		ce := e.Errors[0]
		msg = fmt.Sprintf("the project does not compile (%d errors; first %s:%d: %s)", len(e.Errors), ce.File, ce.Line, ce.Message)
	}
	for _, h := range e.Hints {
		msg += "; " + h
	}
	return msg
}

// RecordCoverage runs the whole test suite of the current state once with the coverage
// agent, stores the record in the cache (replacing the previous one) and returns it. It
// runs the current View; edits made meanwhile go on into later views.
func (e *Engine) RecordCoverage(ctx context.Context, progress func(done, total int)) (*coverage.Store, error) {
	start := time.Now()
	v, err := e.View()
	if err != nil {
		return nil, err
	}
	cur, tests, opts := v.Current(), v.Tests(), v.opts
	req := runner.Request{Root: e.Root, CacheDir: e.CacheDir, Classpath: opts.Classpath, Project: cur.Project,
		Files: planFiles(cur), Timeout: cmp.Or(opts.RunTimeout, time.Hour)}
	run, err := runner.Coverage(ctx, req, runner.CoverageOptions{Progress: progress})
	if err != nil {
		return nil, fmt.Errorf("coverage run: %w", err)
	}
	res := run.Result
	if res != nil && len(res.CompileErrors) > 0 {
		cf := &CompileFailed{Output: res.Output}
		for _, n := range res.Notes {
			if runner.ExplainsCompileFailure(n) {
				cf.Hints = append(cf.Hints, n)
			}
		}
		for _, ce := range res.CompileErrors {
			cf.Errors = append(cf.Errors, analysis.ParseError{File: ce.File, Line: ce.Line, Message: ce.Message})
		}
		return nil, cf
	}
	if res != nil && len(res.Tests) == 0 && len(tests) > 0 {
		// Nothing ran although there are tests: the launcher failed (an engine that could
		// not discover, a class the JVM rejected). A record of nothing would read as "no
		// test executes anything".
		return nil, fmt.Errorf("coverage run: the JUnit Platform ran no tests: %s", launcherFailure(res.Output))
	}
	if _, err := RecordPlan(e.CacheDir, res, cur, tests); err != nil {
		e.log().Warn("JUnit Platform plan not recorded", "err", err)
	}
	rec := coverage.Build(cur, fromRunner(run))
	final := res
	if again := failedSelectors(res); len(again) > 0 && len(again) < len(res.Tests) {
		// A test can fail in the shared JVM only because of what an earlier test left
		// behind (a security manager, an entry in a static registry), and the record of a
		// failed test vouches for nothing. Such tests run once more, together, in a fresh
		// JVM; their records from that run replace those of the first.
		retry := req
		retry.Selectors = again
		if run2, err := runner.Coverage(ctx, retry, runner.CoverageOptions{}); err != nil {
			e.log().Warn("coverage: running the failed tests again", "err", err)
		} else if run2.Result != nil && len(run2.Result.CompileErrors) == 0 && len(run2.Result.Tests) > 0 {
			rec = coverage.Merge(rec, coverage.Build(cur, fromRunner(run2)))
			rec.Summary.Rerun = len(run2.Result.Tests)
			final = run2.Result
		}
	}
	rec.Summary.FirstFailures = firstFailures(final, 3)
	rec.Summary.ElapsedMs = time.Since(start).Milliseconds()
	if err := coverage.Save(e.CoveragePath(), rec); err != nil {
		return rec, fmt.Errorf("save coverage: %w", err)
	}
	return rec, nil
}

// mergeCoverage merges the record of a run into the engine's coverage record (the run's
// record becomes the record when there is none, or the one on disk cannot be read) and
// saves it.
func (e *Engine) mergeCoverage(run *coverage.Store) (*RunCoverage, error) {
	out := &RunCoverage{Tests: len(run.Tests)}
	merged := run
	if old, err := coverage.Load(e.CoveragePath()); err == nil {
		merged = coverage.Merge(old, run)
	} else {
		out.Created = true
	}
	out.Versions = len(merged.Versions) + 1
	if err := coverage.Save(e.CoveragePath(), merged); err != nil {
		return out, fmt.Errorf("save coverage: %w", err)
	}
	return out, nil
}

// firstFailures names up to n failed tests of res with the first line of their messages.
func firstFailures(res *runner.Result, n int) []string {
	if res == nil {
		return nil
	}
	var out []string
	for _, t := range res.Tests {
		if len(out) == n {
			break
		}
		if t.Status != runner.StatusFailed && t.Status != runner.StatusError {
			continue
		}
		msg, _, _ := strings.Cut(strings.TrimSpace(t.Message), "\n")
		if msg == "" {
			msg = t.Status
		}
		out = append(out, t.ID()+": "+msg)
	}
	return out
}

// fromRunner converts the runner's coverage run into the store's input.
func fromRunner(run *runner.CoverageRun) coverage.Run {
	out := coverage.Run{Unattributed: run.Unattributed, ClassInit: run.ClassInit, InitIn: run.InitIn}
	for _, m := range run.Members {
		out.Members = append(out.Members, coverage.JVMMember{Class: m.Class, Method: m.Method, Desc: m.Desc,
			FirstLine: m.FirstLine, LastLine: m.LastLine, Enclosing: m.Enclosing, Test: m.Test, Synthetic: m.Synthetic})
	}
	for _, h := range run.Hits {
		out.Hits = append(out.Hits, coverage.JVMHit{Member: h.Member, TestClass: h.TestClass, TestMethod: h.TestMethod,
			Line: h.Line, OtherThread: h.OtherThread})
	}
	if run.Result != nil {
		out.SuiteMs = run.Result.RunMs
		for _, t := range run.Result.Tests {
			out.Tests = append(out.Tests, coverage.TestOutcome{Test: t.Class + "#" + t.Method, Status: t.Status})
		}
	}
	return out
}

// launcherFailure picks the line of the launcher's output that says why it ran nothing: the
// innermost cause of an exception, else its first line of output.
func launcherFailure(output string) string {
	lines := strings.Split(output, "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); strings.HasPrefix(l, "Caused by: ") {
			return strings.TrimPrefix(l, "Caused by: ")
		}
	}
	for _, l := range lines {
		if strings.Contains(l, "Exception") || strings.Contains(l, "Error") {
			return strings.TrimSpace(l)
		}
	}
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			return strings.TrimSpace(l)
		}
	}
	return "no output"
}

// failedSelectors names the tests of a run that failed or errored.
func failedSelectors(res *runner.Result) []runner.Selector {
	if res == nil {
		return nil
	}
	var out []runner.Selector
	for _, t := range res.Tests {
		if t.Status == runner.StatusFailed || t.Status == runner.StatusError {
			sel := runner.Selector{Class: t.Class, Method: t.Method}
			if !slices.Contains(out, sel) {
				out = append(out, sel)
			}
		}
	}
	return out
}
