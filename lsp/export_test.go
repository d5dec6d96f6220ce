package lsp

import (
	"context"
	"io"
	"time"
)

// ServeForTest runs the server with test knobs: how long requests wait for the first index,
// and whether file watchers start.
func ServeForTest(ctx context.Context, in io.Reader, out io.Writer, logw io.Writer, f EngineFactory, readyWait time.Duration, watch bool) error {
	return serve(ctx, in, out, logw, f, serverConfig{readyWait: readyWait, noWatch: !watch})
}
