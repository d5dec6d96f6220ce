package main

import (
	"context"
	"errors"
	"io"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"

	"github.com/assertlens/assertlens/lsp"
	"github.com/assertlens/assertlens/selection"
)

// newEngine adapts the selection engine to the language server.
func newEngine(root string, opts lsp.Options) (lsp.Engine, error) {
	return selection.NewEngine(root, selection.Options{Baseline: opts.Baseline, Classpath: opts.Classpath,
		ExtraAssertions: opts.ExtraAssertions, Logger: opts.Logger})
}

func cmdServe(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	f := newFlags("serve")
	// vscode-languageclient and other LSP clients start servers with --stdio (the only
	// transport assertlens speaks) and may pass --clientProcessId; both are accepted.
	f.fs.Bool("stdio", true, "speak LSP over stdin/stdout (the default and only transport)")
	f.fs.Int("clientProcessId", 0, "process id of the client (accepted for LSP compatibility)")
	if err := f.parse(args); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// ASSERTLENS_CPUPROFILE names a file to write a CPU profile of the whole session to, for
	// finding where an editor's latency goes.
	if path := os.Getenv("ASSERTLENS_CPUPROFILE"); path != "" {
		if pf, err := os.Create(path); err == nil {
			if err := pprof.StartCPUProfile(pf); err == nil {
				defer func() { pprof.StopCPUProfile(); pf.Close() }()
			}
		}
	}
	err := lsp.Serve(ctx, stdin, stdout, stderr, newEngine)
	if errors.Is(err, lsp.ErrExitWithoutShutdown) {
		return exitError{1}
	}
	return err
}
