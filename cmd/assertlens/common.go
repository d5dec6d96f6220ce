package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/assertlens/assertlens/analysis"
)

// commonFlags are the flags every analysis subcommand accepts.
type commonFlags struct {
	root     string
	base     string
	jsonOut  bool
	level    string
	cp       string
	fs       *flag.FlagSet
	extraAss string
}

func newFlags(name string) *commonFlags {
	c := &commonFlags{fs: flag.NewFlagSet(name, flag.ContinueOnError)}
	c.fs.SetOutput(io.Discard)
	c.fs.StringVar(&c.root, "root", ".", "workspace root")
	c.fs.BoolVar(&c.jsonOut, "json", false, "print JSON")
	return c
}

func (c *commonFlags) withBase() *commonFlags {
	c.fs.StringVar(&c.base, "base", "HEAD", "git revision to compare with")
	return c
}

func (c *commonFlags) parse(args []string) error {
	err := c.fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		var text strings.Builder
		c.fs.SetOutput(&text)
		c.fs.PrintDefaults()
		return helpRequested{fmt.Sprintf("usage: assertlens %s [flags]\n%s", c.fs.Name(), text.String())}
	}
	if err != nil {
		return usagef("%v", err)
	}
	return nil
}

// helpRequested answers -h on a subcommand: its flags, printed with exit status 0.
type helpRequested struct{ text string }

func (h helpRequested) Error() string { return h.text }

// openWorkspace validates the root and returns its workspace and cache.
func openWorkspace(root string) (*analysis.Workspace, *analysis.Cache, error) {
	ws, err := analysis.OpenWorkspace(root)
	if err != nil {
		return nil, nil, usagef("%v", err)
	}
	dir, err := analysis.CacheDir(ws.Root)
	if err != nil {
		return nil, nil, err
	}
	return ws, analysis.OpenCache(dir), nil
}

// buildWorkingTree indexes the working tree and saves the cache.
func buildWorkingTree(ws *analysis.Workspace, cache *analysis.Cache) (*analysis.Snapshot, error) {
	snap, err := analysis.Build(context.Background(), ws.Root, analysis.DirSource{Root: ws.Root}, cache)
	if err != nil {
		return nil, err
	}
	if len(snap.Files) == 0 {
		return nil, usagef("%s: %v", ws.Root, analysis.ErrNotJavaProject)
	}
	if err := cache.Save(); err != nil {
		fmt.Fprintf(os.Stderr, "assertlens: warning: could not save cache: %v\n", err)
	}
	return snap, nil
}

// buildRevision indexes the workspace at a git revision.
func buildRevision(ws *analysis.Workspace, cache *analysis.Cache, rev string) (*analysis.Snapshot, error) {
	src, _, err := analysis.RevisionSource(ws.Root, rev)
	if err != nil {
		if errors.Is(err, analysis.ErrUnknownRevision) {
			return nil, usagef("%v", err)
		}
		return nil, usagef("base %s: %v", rev, err)
	}
	return analysis.Build(context.Background(), ws.Root, src, cache)
}

// printJSON writes v as indented JSON. It is encoded compact and indented on the way out
// (see indentWriter), which halves the time on the largest outputs.
func printJSON(w io.Writer, v any) error {
	out := newIndentWriter(w)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("encode JSON: %w", err)
	}
	if err := out.Flush(); err != nil {
		return fmt.Errorf("write JSON: %w", err)
	}
	return nil
}
