package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection"
	"github.com/assertlens/assertlens/slicing"
)

// analysed is the state shared by select, run and check: both snapshots, graphs and tests.
type analysed struct {
	ws        *analysis.Workspace
	base, cur *analysis.Snapshot
	input     selection.Input
}

func parseLevel(s string) (slicing.Level, error) {
	switch slicing.Level(s) {
	case slicing.LevelAssertion, slicing.LevelMethod, slicing.LevelClass:
		return slicing.Level(s), nil
	}
	return "", usagef("unknown --level %q (want assertion, method or class)", s)
}

// analyse indexes the base revision and the working tree and finds the tests.
func analyse(root, base string, level slicing.Level, extra []string) (*analysed, error) {
	ws, cache, err := openWorkspace(root)
	if err != nil {
		return nil, err
	}
	baseSnap, err := buildRevision(ws, cache, base)
	if err != nil {
		return nil, err
	}
	cur, err := buildWorkingTree(ws, cache)
	if err != nil {
		return nil, err
	}
	tests, err := slicing.DiscoverWith(cur, cur.Read, slicing.Options{ExtraAssertions: extra})
	if err != nil {
		return nil, fmt.Errorf("find tests: %w", err)
	}
	dir, _ := analysis.CacheDir(ws.Root)
	return &analysed{ws: ws, base: baseSnap, cur: cur, input: selection.Input{
		BaseName: base, Base: baseSnap, Cur: cur,
		BaseGraph: analysis.BuildGraph(baseSnap), CurGraph: analysis.BuildGraph(cur),
		Tests: tests, Level: level, RecentlyFailed: selection.RecentlyFailed(dir, ws.Root),
	}}, nil
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func cmdSelect(args []string, stdout io.Writer) error {
	f := newFlags("select").withBase()
	f.fs.StringVar(&f.level, "level", "assertion", "assertion, method or class")
	f.fs.StringVar(&f.extraAss, "assertions", "", "extra assertion method names, comma-separated")
	if err := f.parse(args); err != nil {
		return err
	}
	level, err := parseLevel(f.level)
	if err != nil {
		return err
	}
	start := time.Now()
	a, err := analyse(f.root, f.base, level, splitList(f.extraAss))
	if err != nil {
		return err
	}
	res := selection.Select(a.input)
	if dir, err := analysis.CacheDir(a.ws.Root); err == nil {
		selection.SelectUndiscovered(dir, res, a.cur, a.input.Tests)
		warnUndiscovered(os.Stderr, res.Undiscovered)
	}
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
