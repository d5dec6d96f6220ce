package main

import (
	"context"
	"errors"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/assertlens/assertlens/lsp"
	"github.com/assertlens/assertlens/selection"
)

// newEngine adapts the selection engine to the language server.
func newEngine(root string, opts lsp.Options) (lsp.Engine, error) {
	return selection.NewEngine(root, selection.Options{Baseline: opts.Baseline, Classpath: opts.Classpath,
		ExtraAssertions: opts.ExtraAssertions, RecordOnRun: opts.RecordCoverageOnRun, Logger: opts.Logger})
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
	err := lsp.Serve(ctx, stdin, stdout, stderr, newEngine)
	if errors.Is(err, lsp.ErrExitWithoutShutdown) {
		return exitError{1}
	}
	return err
}
