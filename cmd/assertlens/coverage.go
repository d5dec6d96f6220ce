package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/assertlens/assertlens/selection"
	"github.com/assertlens/assertlens/selection/coverage"
)

// memberHits is `coverage --member ID --json`.
type memberHits struct {
	Member string          `json:"member"`
	Hits   []coverage.Site `json:"hits"`
}

func cmdCoverage(args []string, stdout io.Writer) error {
	f := newFlags("coverage")
	f.fs.StringVar(&f.cp, "classpath", "", "classpath entries (default: resolved from the build)")
	member := f.fs.String("member", "", "print what the stored record holds for this member instead of running")
	timeout := f.fs.Duration("timeout", time.Hour, "time limit for the test JVM")
	if err := f.parse(args); err != nil {
		return err
	}
	a, err := analyseWith(f.root, selection.Options{Classpath: classpath(f.cp), RunTimeout: *timeout, NoCoverage: true})
	if err != nil {
		return err
	}
	if *member != "" {
		rec, err := a.engine.Coverage()
		if errors.Is(err, coverage.ErrNoRecord) {
			return usagef("%v", err)
		}
		if err != nil {
			return err
		}
		out := memberHits{Member: *member, Hits: rec.Hits(*member)}
		if out.Hits == nil {
			out.Hits = []coverage.Site{}
		}
		if f.jsonOut {
			return printJSON(stdout, out)
		}
		fmt.Fprintf(stdout, "%s ran in %d test statements\n", *member, len(out.Hits))
		for _, h := range out.Hits {
			fmt.Fprintf(stdout, "  %s line %d\n", h.Test, h.Line)
		}
		return nil
	}
	progress := func(done, total int) {
		if !f.jsonOut && total > 0 {
			fmt.Fprintf(os.Stderr, "\rcoverage: %d/%d tests", done, total)
		}
	}
	rec, err := a.engine.RecordCoverage(context.Background(), progress)
	if !f.jsonOut {
		fmt.Fprintln(os.Stderr)
	}
	var cf *selection.CompileFailed
	if errors.As(err, &cf) {
		for _, ce := range cf.Errors {
			fmt.Fprintf(os.Stderr, "%s:%d: %s\n", ce.File, ce.Line, ce.Message)
		}
		return err
	}
	if err != nil {
		return err
	}
	if f.jsonOut {
		return printJSON(stdout, rec.Summary)
	}
	s := rec.Summary
	fmt.Fprintf(stdout, "recorded %d tests (%d passed, %d failed): %d members executed, %d (member, test statement) pairs; suite %.1f s, in all %.1f s\n",
		s.Tests, s.Passed, s.Failed, s.Members, s.Hits, float64(s.SuiteMs)/1000, float64(s.ElapsedMs)/1000)
	if s.Rerun > 0 {
		fmt.Fprintf(stdout, "%d tests failed with the others and ran again in a fresh JVM; the counts above take their outcome there\n", s.Rerun)
	}
	if len(s.FirstFailures) > 0 {
		fmt.Fprintf(stdout, "failed (first %d):\n", len(s.FirstFailures))
		for _, f := range s.FirstFailures {
			fmt.Fprintf(stdout, "  %s\n", f)
		}
	}
	for _, n := range rec.Notes {
		fmt.Fprintf(stdout, "note: %s\n", n)
	}
	return nil
}
