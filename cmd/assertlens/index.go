package main

import (
	"fmt"
	"io"
	"time"

	"github.com/assertlens/assertlens/analysis"
)

// indexOutput is the JSON contract of `assertlens index --json`.
type indexOutput struct {
	Root        string                `json:"root"`
	Files       int                   `json:"files"`
	Types       int                   `json:"types"`
	Methods     int                   `json:"methods"`
	Fields      int                   `json:"fields"`
	TestClasses int                   `json:"testClasses"`
	TestMethods int                   `json:"testMethods"`
	Lines       int                   `json:"lines"`
	ParseErrors []analysis.ParseError `json:"parseErrors"`
	ElapsedMs   int64                 `json:"elapsedMs"`
	Cached      int                   `json:"cached"`
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
		ElapsedMs: time.Since(start).Milliseconds(), Cached: snap.Cached}
	if out.ParseErrors == nil {
		out.ParseErrors = []analysis.ParseError{}
	}
	out.Graph = analysis.BuildGraph(snap).Stats(20)
	if f.jsonOut {
		return printJSON(stdout, out)
	}
	fmt.Fprintf(stdout, "indexed %s\n  %d files, %d lines, %d types, %d methods, %d fields\n  %d test classes, %d test methods\n",
		out.Root, out.Files, out.Lines, out.Types, out.Methods, out.Fields, out.TestClasses, out.TestMethods)
	for _, pe := range out.ParseErrors {
		fmt.Fprintf(stdout, "  parse error: %s:%d: %s\n", pe.File, pe.Line, pe.Message)
	}
	fmt.Fprintf(stdout, "  %d files from cache, %d ms\n", out.Cached, out.ElapsedMs)
	g := out.Graph
	fmt.Fprintf(stdout, "  graph: %d nodes, %d edges, uncertain %v, unknown library supertypes %v\n", g.Nodes, g.Edges, g.UncertainByReason, g.UnknownLibrarySupertypes)
	return nil
}
