package main

import (
	"fmt"
	"io"
	"time"

	"github.com/assertlens/assertlens/analysis"
)

// changesOutput is the JSON contract of `assertlens changes --json`.
type changesOutput struct {
	Base      string            `json:"base"`
	Changes   []analysis.Change `json:"changes"`
	ElapsedMs int64             `json:"elapsedMs"`
}

func cmdChanges(args []string, stdout io.Writer) error {
	f := newFlags("changes").withBase()
	if err := f.parse(args); err != nil {
		return err
	}
	start := time.Now()
	ws, cache, err := openWorkspace(f.root)
	if err != nil {
		return err
	}
	base, err := buildRevision(ws, cache, f.base)
	if err != nil {
		return err
	}
	cur, err := buildWorkingTree(ws, cache)
	if err != nil {
		return err
	}
	changes := analysis.Diff(base, cur)
	if changes == nil {
		changes = []analysis.Change{}
	}
	out := changesOutput{Base: f.base, Changes: changes, ElapsedMs: time.Since(start).Milliseconds()}
	if f.jsonOut {
		return printJSON(stdout, out)
	}
	printChanges(stdout, out.Base, changes)
	fmt.Fprintf(stdout, "%d changes in %d ms\n", len(changes), out.ElapsedMs)
	return nil
}

func printChanges(w io.Writer, base string, changes []analysis.Change) {
	fmt.Fprintf(w, "changes against %s:\n", base)
	for _, c := range changes {
		note := ""
		if c.Finding != nil {
			note = " [" + *c.Finding + "]"
		}
		if !c.Rerun {
			note += " (no re-run needed)"
		}
		if c.Detail != "" {
			note += " — " + c.Detail
		}
		fmt.Fprintf(w, "  %-8s %-11s %s  %s:%d%s\n", c.Change, c.Kind, c.ID, c.File, c.Line, note)
	}
}
