package lsp

import (
	"context"
	"fmt"
	"io"
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
