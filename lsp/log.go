package lsp

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// logger writes to the log writer (stderr; never stdout, which carries the protocol) and,
// once the connection exists, mirrors each line to the client as window/logMessage.
type logger struct {
	mu   sync.Mutex
	w    io.Writer
	conn jsonrpc2.Conn
}

func newLogger(w io.Writer) *logger {
	if w == nil {
		w = io.Discard
	}
	return &logger{w: w}
}

func (l *logger) setConn(c jsonrpc2.Conn) {
	l.mu.Lock()
	l.conn = c
	l.mu.Unlock()
}

// logf logs an informational line.
func (l *logger) logf(format string, args ...any) {
	l.log(protocol.MessageTypeLog, format, args...)
}

// errorf logs an error line.
func (l *logger) errorf(format string, args ...any) {
	l.log(protocol.MessageTypeError, format, args...)
}

func (l *logger) log(typ protocol.MessageType, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	l.mu.Lock()
	fmt.Fprintf(l.w, "%s assertlens: %s\n", time.Now().Format("15:04:05.000"), msg)
	conn := l.conn
	l.mu.Unlock()
	if conn != nil {
		// Best effort: a failing client must not make logging fail.
		_ = conn.Notify(context.Background(), protocol.MethodWindowLogMessage,
			&protocol.LogMessageParams{Type: typ, Message: msg})
	}
}

// handler returns a slog.Handler writing through the logger: every record reaches the log
// writer and, as window/logMessage, the client. Warnings and errors keep their severity.
func (l *logger) handler() slog.Handler { return &logHandler{l: l} }

// logHandler is the slog face of logger.
type logHandler struct {
	l     *logger
	attrs []slog.Attr // keys already qualified by their groups
	group string
}

// Enabled implements slog.Handler: everything at Info and above.
func (h *logHandler) Enabled(_ context.Context, lv slog.Level) bool { return lv >= slog.LevelInfo }

// Handle implements slog.Handler.
func (h *logHandler) Handle(_ context.Context, r slog.Record) error {
	var b strings.Builder
	b.WriteString(r.Message)
	for _, a := range h.attrs {
		b.WriteString(" " + a.Key + "=" + a.Value.String())
	}
	r.Attrs(func(a slog.Attr) bool {
		if !a.Equal(slog.Attr{}) {
			b.WriteString(" " + h.prefix() + a.Key + "=" + a.Value.String())
		}
		return true
	})
	typ := protocol.MessageTypeLog
	switch {
	case r.Level >= slog.LevelError:
		typ = protocol.MessageTypeError
	case r.Level >= slog.LevelWarn:
		typ = protocol.MessageTypeWarning
	}
	h.l.log(typ, "%s", b.String())
	return nil
}

// prefix is the group qualifier of attribute keys.
func (h *logHandler) prefix() string {
	if h.group == "" {
		return ""
	}
	return h.group + "."
}

// WithAttrs implements slog.Handler; the attributes keep the groups open now.
func (h *logHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	all := append([]slog.Attr{}, h.attrs...)
	for _, a := range attrs {
		all = append(all, slog.Attr{Key: h.prefix() + a.Key, Value: a.Value})
	}
	return &logHandler{l: h.l, attrs: all, group: h.group}
}

// WithGroup implements slog.Handler.
func (h *logHandler) WithGroup(name string) slog.Handler {
	g := name
	if h.group != "" {
		g = h.group + "." + name
	}
	return &logHandler{l: h.l, attrs: h.attrs, group: g}
}
