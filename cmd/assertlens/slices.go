package main

import (
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection"
	"github.com/assertlens/assertlens/slicing"
)

// slicesOutput is the JSON contract of `assertlens slices --json`.
type slicesOutput struct {
	Units     []slicing.Unit `json:"units"`
	ElapsedMs int64          `json:"elapsedMs"`
}

func cmdSlices(args []string, stdout io.Writer) error {
	f := newFlags("slices")
	f.fs.StringVar(&f.extraAss, "assertions", "", "extra assertion method names, comma-separated")
	if err := f.parse(args); err != nil {
		return err
	}
	start := time.Now()
	ws, cache, err := openWorkspace(f.root)
	if err != nil {
		return err
	}
	cur, err := buildWorkingTree(ws, cache)
	if err != nil {
		return err
	}
	dir, err := analysis.CacheDir(ws.Root)
	if err != nil {
		return err
	}
	tests, err := selection.CachedTests(dir, cur, slicing.Options{ExtraAssertions: splitList(f.extraAss)})
	if err != nil {
		return err
	}
	want := map[string]bool{}
	for _, p := range f.fs.Args() {
		abs, err := filepath.Abs(p)
		if err != nil {
			return usagef("%v", err)
		}
		rel, err := filepath.Rel(ws.Root, abs)
		if err != nil {
			return usagef("%s is outside the root", p)
		}
		want[filepath.ToSlash(rel)] = true
	}
	out := slicesOutput{Units: []slicing.Unit{}}
	for _, tc := range tests {
		if len(want) > 0 && !want[tc.File] {
			continue
		}
		for _, tm := range tc.Methods {
			out.Units = append(out.Units, tm.Units...)
		}
	}
	out.ElapsedMs = time.Since(start).Milliseconds()
	if f.jsonOut {
		return printJSON(stdout, out)
	}
	for _, u := range out.Units {
		reason := ""
		if u.Reason != nil {
			reason = " [" + *u.Reason + "]"
		}
		fmt.Fprintf(stdout, "%-10s %s:%d  %s  statements %v  assertions %d%s\n", u.Level, u.File, u.Line, u.ID, u.Statements, u.Assertions, reason)
	}
	fmt.Fprintf(stdout, "%d units in %d ms\n", len(out.Units), out.ElapsedMs)
	return nil
}
