package main

import (
	"fmt"
	"io"
	"time"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/analysis/project"
	"github.com/assertlens/assertlens/selection"
	"github.com/assertlens/assertlens/slicing"
)

// indexOutput is the JSON contract of `assertlens index --json`.
type indexOutput struct {
	Root        string `json:"root"`
	Files       int    `json:"files"`
	Types       int    `json:"types"`
	Methods     int    `json:"methods"`
	Fields      int    `json:"fields"`
	TestClasses int    `json:"testClasses"`
	TestMethods int    `json:"testMethods"`
	// DeclaredTestMethods and TestRuns count tests by each engine's rules, as `select`
	// totals and `tests` do: distinct declarations, and concrete class × method runs.
	// TestClasses counts concrete classes that run tests.
	DeclaredTestMethods int                   `json:"declaredTestMethods"`
	TestRuns            int                   `json:"testRuns"`
	Lines               int                   `json:"lines"`
	ParseErrors         []analysis.ParseError `json:"parseErrors"`
	ElapsedMs           int64                 `json:"elapsedMs"`
	Cached              int                   `json:"cached"`
	// Build is the layout read from the build files: kind, modules and their folders.
	Build *project.Model `json:"build"`
	// Excluded lists folders holding Java files outside the build's source folders
	// (example trees, site sources, modules of inactive profiles): neither indexed nor
	// compiled.
	Excluded []string `json:"excluded"`
	// Graph summarizes the dependency graph (edges by kind, uncertain edges by reason,
	// the members with the widest reverse reach) so precision regressions show.
	Graph analysis.GraphStats `json:"graph"`
}

func cmdIndex(args []string, stdout io.Writer) error {
	f := newFlags("index")
	if err := f.parse(args); err != nil {
		return err
	}
	start := time.Now()
	ws, cache, err := openWorkspace(f.root)
	if err != nil {
		return err
	}
	snap, err := buildWorkingTree(ws, cache)
	if err != nil {
		return err
	}
	st := snap.Stats()
	out := indexOutput{Root: ws.Root, Files: st.Files, Types: st.Types, Methods: st.Methods, Fields: st.Fields,
		TestClasses: st.TestClasses, TestMethods: st.TestMethods, Lines: st.Lines, ParseErrors: st.ParseErrors,
		ElapsedMs: time.Since(start).Milliseconds(), Cached: snap.Cached, Build: snap.Project, Excluded: snap.Excluded}
	if out.Excluded == nil {
		out.Excluded = []string{}
	}
	if classes, err := slicing.ListTests(snap, snap.Read); err == nil || len(classes) > 0 {
		c := slicing.Count(classes)
		out.TestClasses, out.TestMethods = c.TestClasses, c.DeclaredTestMethods
		out.DeclaredTestMethods, out.TestRuns = c.DeclaredTestMethods, c.TestRuns
	}
	out.ElapsedMs = time.Since(start).Milliseconds()
	if out.ParseErrors == nil {
		out.ParseErrors = []analysis.ParseError{}
	}
	dir, err := analysis.CacheDir(ws.Root)
	if err != nil {
		return err
	}
	out.Graph = selection.CachedGraphStats(dir, snap, 20)
	if f.jsonOut {
		return printJSON(stdout, out)
	}
	fmt.Fprintf(stdout, "indexed %s\n  %d files, %d lines, %d types, %d methods, %d fields\n  %d test classes, %d test methods declared, %d runs (class × method)\n",
		out.Root, out.Files, out.Lines, out.Types, out.Methods, out.Fields, out.TestClasses, out.DeclaredTestMethods, out.TestRuns)
	for _, pe := range out.ParseErrors {
		fmt.Fprintf(stdout, "  parse error: %s:%d: %s\n", pe.File, pe.Line, pe.Message)
	}
	fmt.Fprintf(stdout, "  %s build, %d modules\n", out.Build.Kind, len(out.Build.Modules))
	for _, n := range out.Build.Notes {
		fmt.Fprintf(stdout, "  build: %s\n", n)
	}
	for _, p := range out.Build.Parents {
		fmt.Fprintf(stdout, "  parent POM (a change selects every test): %s\n", p)
	}
	for _, d := range out.Excluded {
		fmt.Fprintf(stdout, "  not part of the build (not indexed, not compiled): %s\n", d)
	}
	fmt.Fprintf(stdout, "  %d files from cache, %d ms\n", out.Cached, out.ElapsedMs)
	g := out.Graph
	fmt.Fprintf(stdout, "  graph: %d nodes, %d edges, uncertain %v, unknown library supertypes %v\n", g.Nodes, g.Edges, g.UncertainByReason, g.UnknownLibrarySupertypes)
	return nil
}
