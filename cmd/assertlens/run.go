package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection"
)

func cmdRun(args []string, stdout io.Writer) error {
	f := newFlags("run").withBase()
	f.fs.StringVar(&f.level, "level", "assertion", "assertion, method or class")
	f.fs.StringVar(&f.cp, "classpath", "", "classpath entries (default: resolved from the build)")
	f.fs.StringVar(&f.extraAss, "assertions", "", "extra assertion method names, comma-separated")
	timeout := f.fs.Duration("timeout", 10*time.Minute, "time limit for the test JVM")
	record := f.fs.Bool("record-coverage", false, "run whole test methods under the coverage agent and merge their records into the coverage record")
	if err := f.parse(args); err != nil {
		return err
	}
	level, err := parseLevel(f.level)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	a, err := analyseWith(f.root, selection.Options{Revision: f.base, Level: level, ExtraAssertions: splitList(f.extraAss),
		Classpath: classpath(f.cp), RunTimeout: *timeout, RecordOnRun: *record})
	if err != nil {
		return err
	}
	sel, err := a.engine.Select(ctx)
	if err != nil {
		return err
	}
	analysisMs := time.Since(start).Milliseconds()
	out, err := a.engine.Run(ctx, nil)
	if err != nil {
		return err
	}
	// Index, baseline and selection, as before the engine did the run.
	out.Timing.AnalysisMs += analysisMs
	warnUndiscovered(classesOf(out.Undiscovered))
	if out.PlanError != "" {
		fmt.Fprintf(os.Stderr, "assertlens: warning: %s\n", out.PlanError)
	}
	if f.jsonOut {
		if err := printJSON(stdout, out); err != nil {
			return err
		}
	} else {
		printRun(stdout, sel, out)
	}
	switch {
	case len(out.CompileErrors) > 0:
		return exitError{2}
	case out.Totals.Failed > 0 || out.Totals.Errors > 0:
		return exitError{1}
	}
	return nil
}

func classpath(s string) []string {
	if s == "" {
		return nil
	}
	return filepath.SplitList(s)
}

func printRun(w io.Writer, sel *selection.Result, out *selection.RunResult) {
	t := sel.Totals
	fmt.Fprintf(w, "running %d units (%d of %d assertions, %d of %d test methods)\n", out.Totals.Selected, t.SelectedAssertions, t.Assertions, t.SelectedTestMethods, t.TestMethods)
	for _, ce := range out.CompileErrors {
		fmt.Fprintf(w, "compile error: %s:%d: %s\n", ce.File, ce.Line, ce.Message)
	}
	for _, u := range out.Units {
		mark := map[string]string{"passed": "✓", "failed": "✗", "error": "!", "skipped": "-"}[u.Status]
		fmt.Fprintf(w, "  %s %s (%s:%d) %d ms\n", mark, u.ID, u.File, u.Line, u.TimeMs)
		if u.Status == "failed" || u.Status == "error" {
			msg := u.Message
			if u.Expected != "" || u.Actual != "" {
				msg = fmt.Sprintf("expected %s but was %s", u.Expected, u.Actual)
			}
			fmt.Fprintf(w, "      %s\n", strings.TrimSpace(msg))
		}
	}
	r := out.Totals
	fmt.Fprintf(w, "%d passed, %d failed, %d errors, %d skipped\n", r.Passed, r.Failed, r.Errors, r.Skipped)
	fmt.Fprintf(w, "timing: analysis %d ms, compile %d ms, run %d ms\n", out.Timing.AnalysisMs, out.Timing.CompileMs, out.Timing.RunMs)
	if c := out.Coverage; c != nil {
		fmt.Fprintf(w, "coverage: recorded %d tests, the record holds %d source versions\n", c.Tests, c.Versions)
	}
}

func cmdCheck(args []string, stdout io.Writer) error {
	f := newFlags("check").withBase()
	f.fs.StringVar(&f.level, "level", "assertion", "assertion, method or class")
	f.fs.StringVar(&f.cp, "classpath", "", "classpath entries (default: resolved from the build)")
	timeout := f.fs.Duration("timeout", 20*time.Minute, "time limit for the test JVM")
	if err := f.parse(args); err != nil {
		return err
	}
	level, err := parseLevel(f.level)
	if err != nil {
		return err
	}
	a, err := analyse(f.root, f.base, level, nil)
	if err != nil {
		return err
	}
	sel, err := a.view.Select(context.Background())
	if err != nil {
		return err
	}
	dir, err := analysis.CacheDir(a.ws.Root)
	if err != nil {
		return err
	}
	res, err := selection.Check(context.Background(), selection.CheckInput{Root: a.ws.Root, CacheDir: dir, Cur: a.view.Current(),
		Tests: a.view.Tests(), Selection: sel, Classpath: classpath(f.cp), Timeout: *timeout})
	if err != nil {
		return err
	}
	if f.jsonOut {
		if err := printJSON(stdout, res); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(stdout, "checked %d changed bodies against %d selected units: %d test statements reached a change, %d missed (ratio %.3f)\n",
			res.Probes, res.SelectedUnits, res.Hits, len(res.Missed), res.MissedRatio)
		for _, m := range res.Missed {
			fmt.Fprintf(stdout, "  MISSED %s line %d reached %s\n", m.Test, m.Line, m.Change)
		}
		for _, ce := range res.CompileErrors {
			fmt.Fprintf(stdout, "  compile error: %s:%d: %s\n", ce.File, ce.Line, ce.Message)
		}
		if len(res.NotProbed) > 0 {
			fmt.Fprintf(stdout, "  not instrumented (no body): %s\n", strings.Join(res.NotProbed, ", "))
		}
	}
	switch {
	case len(res.CompileErrors) > 0:
		return exitError{2}
	case len(res.Missed) > 0:
		return exitError{1}
	}
	return nil
}
