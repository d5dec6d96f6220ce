package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection"
	"github.com/assertlens/assertlens/slicing"
)

// analysed is the state shared by select, run and check: a one-shot engine (the same one
// the language server keeps) and its state.
type analysed struct {
	ws     *analysis.Workspace
	engine *selection.Engine
	view   *selection.View // the engine's state once indexed
}

func parseLevel(s string) (slicing.Level, error) {
	switch slicing.Level(s) {
	case slicing.LevelAssertion, slicing.LevelMethod, slicing.LevelClass:
		return slicing.Level(s), nil
	}
	return "", usagef("unknown --level %q (want assertion, method or class)", s)
}

// analyse indexes the base revision and the working tree and finds the tests, through the
// engine the language server uses.
func analyse(root, base string, level slicing.Level, extra []string) (*analysed, error) {
	return analyseWith(root, selection.Options{Revision: base, Level: level, ExtraAssertions: extra})
}

// engines are the one-shot engines made by this process; flushEngines waits for the
// cache writes they left running.
var engines []*selection.Engine

func flushEngines() {
	for _, e := range engines {
		e.Flush()
	}
}

// analyseWith builds and indexes a one-shot engine.
func analyseWith(root string, opts selection.Options) (*analysed, error) {
	ws, err := analysis.OpenWorkspace(root)
	if err != nil {
		return nil, usagef("%v", err)
	}
	e, err := selection.NewEngine(ws.Root, opts)
	if err != nil {
		return nil, usagef("%v", err)
	}
	engines = append(engines, e)
	if err := e.Index(context.Background(), nil); err != nil {
		var be *selection.BaselineError
		if errors.As(err, &be) {
			return nil, usagef("%v", err) // an unknown revision, or not a git repository
		}
		return nil, err
	}
	v, err := e.View()
	if err != nil {
		return nil, err
	}
	if len(v.Current().Files) == 0 {
		return nil, usagef("%s: %v", ws.Root, analysis.ErrNotJavaProject)
	}
	return &analysed{ws: ws, engine: e, view: v}, nil
}

// splitList splits a comma-separated flag value: method names, folders or member ids.
func splitList(s string) []string {
	var out []string
	add := func(p string) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				// A comma inside parentheses separates a member id's parameters
				// (Foo#bar(int,int)), not two items.
				add(s[start:i])
				start = i + 1
			}
		}
	}
	add(s[start:])
	return out
}

func cmdSelect(args []string, stdout io.Writer) error {
	f := newFlags("select").withBase()
	f.fs.StringVar(&f.level, "level", "assertion", "assertion, method or class")
	f.fs.StringVar(&f.extraAss, "assertions", "", "extra assertion method names, comma-separated")
	noCoverage := f.fs.Bool("no-coverage", false, "select with the static graph only, ignoring the coverage record")
	if err := f.parse(args); err != nil {
		return err
	}
	level, err := parseLevel(f.level)
	if err != nil {
		return err
	}
	start := time.Now()
	a, err := analyseWith(f.root, selection.Options{Revision: f.base, Level: level, ExtraAssertions: splitList(f.extraAss), NoCoverage: *noCoverage})
	if err != nil {
		return err
	}
	res, err := a.view.Select(context.Background())
	if err != nil {
		return err
	}
	warnUndiscovered(res.Undiscovered)
	res.ElapsedMs = time.Since(start).Milliseconds()
	if f.jsonOut {
		return printJSON(stdout, res)
	}
	printSelection(stdout, res)
	return nil
}

// printSelection prints a readable summary grouped by test class, with why each unit runs.
func printSelection(w io.Writer, res *selection.Result) {
	printChanges(w, res.Base, res.Changes)
	t := res.Totals
	fmt.Fprintf(w, "\nselected %d of %d test methods, %d of %d assertions\n", t.SelectedTestMethods, t.TestMethods, t.SelectedAssertions, t.Assertions)
	if c := res.Coverage; c != nil {
		fmt.Fprintf(w, "coverage record: %s (%d units from coverage, %d static; %d tests vouched for, %d not)", c.State, t.FromCoverage, t.FromStatic, c.Vouched, c.StaleTests)
		if c.Reason != "" {
			fmt.Fprintf(w, ": %s", c.Reason)
		}
		fmt.Fprintln(w)
		for _, sc := range c.Static {
			fmt.Fprintf(w, "  static for %s: %s\n", sc.ID, sc.Reason)
		}
	}
	class := ""
	for _, u := range res.Units {
		if u.Class != class {
			class = u.Class
			fmt.Fprintf(w, "\n%s (%s)\n", class, u.File)
		}
		what := fmt.Sprintf("%s line %d", u.Test, u.Line)
		switch u.Level {
		case slicing.LevelAssertion:
			what = fmt.Sprintf("assertion at line %d of %s", u.Line, shortID(u.Test))
			if u.Assertions == 0 {
				what = fmt.Sprintf("statements from line %d of %s (must complete without exception)", u.Line, shortID(u.Test))
			}
		case slicing.LevelMethod:
			what = fmt.Sprintf("whole method %s", shortID(u.Test))
		case slicing.LevelClass:
			what = "whole class"
		}
		if u.Reason != nil {
			what += " [" + *u.Reason + "]"
		}
		fmt.Fprintf(w, "  %s\n    via %s\n", what, strings.Join(u.Via, " → "))
	}
	for _, note := range res.Uncertain {
		fmt.Fprintf(w, "note: %s\n", note)
	}
	fmt.Fprintf(w, "\n%d ms\n", res.ElapsedMs)
}

func shortID(id string) string {
	if i := strings.IndexByte(id, '#'); i >= 0 {
		head := id[:i]
		if j := strings.LastIndexByte(head, '.'); j >= 0 {
			return id[j+1:]
		}
	}
	return id
}
