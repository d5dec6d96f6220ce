// Command lspdemo plays a scripted editor session against `assertlens serve` and prints what
// the server publishes: it copies a sample project into a scratch git repository, opens a
// production file, edits a method body, prints the diagnostics and code lenses, undoes the
// edit, shows that they are cleared, and shuts the server down.
//
//	go run ./lsp/lsptest/lspdemo -bin bin/assertlens [-project testdata/lsp/complex]
//
// It also prints how long indexing took (initialize → the end of its progress) and how
// long the first diagnostics of the edit took; -cache keeps the index cache in a folder,
// so a second run measures a warm start.
package main

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"go.lsp.dev/protocol"

	"github.com/assertlens/assertlens/lsp/lsptest"
)

func main() {
	bin := flag.String("bin", "bin/assertlens", "the assertlens binary")
	project := flag.String("project", "testdata/lsp/complex", "sample project to copy")
	file := flag.String("file", "src/main/java/demo/Complex.java", "production file to edit")
	old := flag.String("old", "return new Complex(-re, -im);", "text to replace")
	new := flag.String("new", "return new Complex(-re, im);", "replacement")
	cacheDir := flag.String("cache", "", "index cache folder to use and keep (default: a fresh one, removed after)")
	flag.Parse()
	if err := run(*bin, *project, *file, *old, *new, *cacheDir); err != nil {
		fmt.Fprintln(os.Stderr, "lspdemo:", err)
		os.Exit(1)
	}
}

func run(bin, project, file, old, new, cache string) error {
	bin, err := filepath.Abs(bin)
	if err != nil {
		return err
	}
	root, err := os.MkdirTemp("", "assertlens-demo-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(root)
	if err := copyTree(project, root); err != nil {
		return fmt.Errorf("copy %s: %w", project, err)
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"commit", "-q", "-m", "sample"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=demo", "GIT_AUTHOR_EMAIL=demo@example.com",
			"GIT_COMMITTER_NAME=demo", "GIT_COMMITTER_EMAIL=demo@example.com")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %v\n%s", args[0], err, out)
		}
	}
	if cache == "" {
		if cache, err = os.MkdirTemp("", "assertlens-demo-cache-"); err != nil {
			return err
		}
		defer os.RemoveAll(cache)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	fmt.Printf("$ assertlens serve    # on a scratch copy of %s, baseline: git HEAD\n", project)
	ed, proc, err := lsptest.Start(root, bin, []string{"serve"}, []string{"ASSERTLENS_CACHE_DIR=" + cache})
	if err != nil {
		return err
	}
	defer proc.Kill()
	start := time.Now()
	if _, err := ed.Initialize(ctx, lsptest.Config{WorkDoneProgress: true, CodeLensRefresh: true}); err != nil {
		return err
	}
	if err := ed.WaitFor(ctx, "index", func() bool {
		for _, p := range ed.Progress() {
			if p.Kind == "end" {
				fmt.Printf("< $/progress indexing: %s   [%d ms after initialize]\n", p.Message, time.Since(start).Milliseconds())
				return true
			}
		}
		return false
	}); err != nil {
		return err
	}
	if err := ed.WaitFor(ctx, "warm", func() bool { return strings.Contains(strings.Join(ed.Logs(), "\n"), "warmed ") }); err == nil {
		fmt.Printf("  [test statements resolved %d ms after initialize]\n", time.Since(start).Milliseconds())
	}
	fmt.Printf("> didOpen %s\n", file)
	if err := ed.OpenFile(ctx, file); err != nil {
		return err
	}
	fmt.Printf("> didChange %s: %q → %q\n", file, old, new)
	edited := time.Now()
	if err := ed.EditFile(ctx, file, old, new); err != nil {
		return err
	}
	var first time.Duration
	if err := waitQuiet(ctx, ed, func(n int) bool {
		if n > 0 && first == 0 {
			first = time.Since(edited)
		}
		return n > 0
	}); err != nil {
		return err
	}
	fmt.Printf("  [first diagnostics %d ms after the edit, the server's debounce included]\n", first.Milliseconds())
	printDiagnostics(ed)
	rels := []string{file}
	for rel := range ed.AllDiagnostics() {
		rels = append(rels, rel)
	}
	for _, rel := range rels {
		lenses, err := ed.CodeLens(ctx, rel)
		if err != nil {
			return err
		}
		fmt.Printf("< codeLens %s\n", rel)
		for _, l := range lenses {
			fmt.Printf("    line %-3d %s\n", l.Range.Start.Line+1, l.Command.Title)
		}
	}
	fmt.Printf("> didChange %s: undo\n", file)
	if err := ed.EditFile(ctx, file, new, old); err != nil {
		return err
	}
	if err := waitQuiet(ctx, ed, func(n int) bool { return n == 0 }); err != nil {
		return err
	}
	printDiagnostics(ed)
	fmt.Println("> shutdown, exit")
	if err := ed.Shutdown(ctx); err != nil {
		return err
	}
	_ = ed.Exit(ctx)
	code, err := proc.Wait(ctx)
	if err != nil {
		return err
	}
	fmt.Printf("server exited with status %d\n", code)
	return nil
}

// waitQuiet waits until the number of files with diagnostics satisfies ok and nothing new
// arrived for 300 ms.
func waitQuiet(ctx context.Context, ed *lsptest.Editor, ok func(int) bool) error {
	last, since := "", time.Now()
	return ed.WaitFor(ctx, "diagnostics", func() bool {
		all := ed.AllDiagnostics()
		key := fmt.Sprint(all)
		if key != last {
			last, since = key, time.Now()
		}
		return ok(len(all)) && time.Since(since) > 300*time.Millisecond
	})
}

func printDiagnostics(ed *lsptest.Editor) {
	all := ed.AllDiagnostics()
	if len(all) == 0 {
		fmt.Println("< publishDiagnostics: every file clear")
		return
	}
	var rels []string
	for rel := range all {
		rels = append(rels, rel)
	}
	sort.Strings(rels)
	for _, rel := range rels {
		fmt.Printf("< publishDiagnostics %s\n", rel)
		for _, d := range all[rel] {
			fmt.Printf("    %d:%d  %s  %s\n", d.Range.Start.Line+1, d.Range.Start.Character+1, severity(d.Severity),
				strings.ReplaceAll(d.Message, "\n", "\n        "))
			for _, r := range d.RelatedInformation {
				fmt.Printf("        ↳ %s (line %d)\n", r.Message, r.Location.Range.Start.Line+1)
			}
		}
	}
}

func severity(s protocol.DiagnosticSeverity) string {
	switch s {
	case protocol.DiagnosticSeverityError:
		return "error"
	case protocol.DiagnosticSeverityWarning:
		return "warning"
	case protocol.DiagnosticSeverityInformation:
		return "information"
	}
	return "hint"
}

func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
}
