package lsp

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

// TestSlogHandlerWritesThroughLogger checks that what the engine logs with slog reaches
// the server's log (and so window/logMessage), attributes included.
func TestSlogHandlerWritesThroughLogger(t *testing.T) {
	var buf bytes.Buffer
	lg := newLogger(&buf)
	slog.New(lg.handler()).With("root", "/w").WithGroup("cache").Warn("index cache not saved", "err", "disk full")
	got := buf.String()
	if !strings.Contains(got, "assertlens: index cache not saved root=/w cache.err=disk full") {
		t.Fatalf("log line = %q", got)
	}
	slog.New(lg.handler()).Debug("too chatty")
	if strings.Contains(buf.String(), "too chatty") {
		t.Fatalf("debug records are logged: %q", buf.String())
	}
}
